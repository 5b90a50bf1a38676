#!/usr/bin/python3
"""A minimal foreign robot program for the external-robot tests: Python's standard library only.

It does what any team's program does on a NAO: connects to LoLA, answers every sensor map with an actuator map
(holding the joint angles of the first map at full stiffness, so the robot stands) and reads both camera streams.
Writes the MessagePack subset LoLA needs by hand. Reports one JSON object on stdout when done.

usage: minimalRobot.py <lola socket> <host> <upper image port> <lower image port> <cycles>
           [--silent-after N] [--die-after N] [--garbage-after N] [--oversized-after N] [--malformed-after N]
           [--no-images]
"""
import json
import selectors
import socket
import struct
import sys

ACTUATOR_KEYS = [('Position', 25), ('Stiffness', 25), ('REar', 10), ('LEar', 10), ('Chest', 3), ('LEye', 24),
                 ('REye', 24), ('LFoot', 3), ('RFoot', 3), ('Skull', 12)]


class Incomplete(Exception):
    pass


def decode(b, pos):
    """Decodes the value at pos; returns (value, end). Raises Incomplete when the bytes end first."""
    if pos >= len(b):
        raise Incomplete()
    t = b[pos]

    def need(n):
        if pos + n > len(b):
            raise Incomplete()

    if t <= 0x7f:
        return t, pos + 1
    if 0x80 <= t <= 0x8f or t == 0xde:
        n, p = (t & 0x0f, pos + 1) if t != 0xde else (need(3) or struct.unpack_from('>H', b, pos + 1)[0], pos + 3)
        out = {}
        for _ in range(n):
            k, p = decode(b, p)
            v, p = decode(b, p)
            out[k] = v
        return out, p
    if 0x90 <= t <= 0x9f or t == 0xdc:
        n, p = (t & 0x0f, pos + 1) if t != 0xdc else (need(3) or struct.unpack_from('>H', b, pos + 1)[0], pos + 3)
        out = []
        for _ in range(n):
            v, p = decode(b, p)
            out.append(v)
        return out, p
    if 0xa0 <= t <= 0xbf or t == 0xd9:
        n, p = (t & 0x1f, pos + 1) if t != 0xd9 else (need(2) or b[pos + 1], pos + 2)
        if p + n > len(b):
            raise Incomplete()
        return b[p:p + n].decode('utf-8'), p + n
    if t == 0xca:
        need(5)
        return struct.unpack_from('>f', b, pos + 1)[0], pos + 5
    if t == 0xcb:
        need(9)
        return struct.unpack_from('>d', b, pos + 1)[0], pos + 9
    raise ValueError('msgpack type 0x%02x is not in the subset LoLA uses' % t)


def encode_actuators(position, stiffness):
    out = bytearray([0x80 | len(ACTUATOR_KEYS)])
    for key, size in ACTUATOR_KEYS:
        name = key.encode()
        out += bytes([0xa0 | len(name)]) + name
        out += bytes([0x90 | size]) if size < 16 else b'\xdc' + struct.pack('>H', size)
        values = position if key == 'Position' else stiffness if key == 'Stiffness' else [0.0] * size
        for v in values:
            out += b'\xca' + struct.pack('>f', v)
    return bytes(out)


def option(name):
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else None


def main():
    path, host, upper, lower, cycles = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    silent_after, die_after = option('--silent-after'), option('--die-after')
    garbage_after, oversized_after = option('--garbage-after'), option('--oversized-after')
    malformed_after = option('--malformed-after')
    lola = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    lola.connect(path)
    sel = selectors.DefaultSelector()
    sel.register(lola, selectors.EVENT_READ, 'lola')
    images = {}
    if '--no-images' not in sys.argv:
        for index, port in ((0, upper), (1, lower)):
            s = socket.create_connection((host, port))
            sel.register(s, selectors.EVENT_READ, index)
            images[index] = {'buffer': bytearray(), 'count': 0, 'sizes': [], 'bad': 0}
    pending = bytearray()
    report = {'maps': 0, 'answered': 0, 'problems': [], 'keys': None, 'ticks': []}
    hold = None
    while report['maps'] < cycles:
        for key, _ in sel.select(timeout=5):
            data = key.fileobj.recv(1 << 20)
            if not data:
                report['problems'].append('connection %s closed' % key.data)
                print(json.dumps(report))
                return
            if key.data != 'lola':
                img = images[key.data]
                img['buffer'] += data
                while len(img['buffer']) >= 16:
                    magic, tick, camera, bpp, width, height = struct.unpack_from('<8sHBBHH', img['buffer'], 0)
                    if magic != b'wbimage\0' or camera != key.data or bpp != 2:
                        img['bad'] += 1
                        img['buffer'].clear()
                        break
                    size = 16 + width * height * bpp
                    if len(img['buffer']) < size:
                        break
                    del img['buffer'][:size]
                    img['count'] += 1
                    if (width, height) not in [tuple(s) for s in img['sizes']]:
                        img['sizes'].append([width, height])
                    if key.data == 0 and len(report['ticks']) < 5:
                        report['ticks'].append(tick)
                continue
            pending += data
            # Several maps may arrive at once (real time catching up): take no more than the cycles asked for.
            while report['maps'] < cycles:
                try:
                    value, end = decode(pending, 0)
                except Incomplete:
                    break
                del pending[:end]
                report['maps'] += 1
                if report['keys'] is None:
                    report['keys'] = list(value.keys())
                    report['sizes'] = {k: len(v) for k, v in value.items() if isinstance(v, list)}
                    hold = value['Position']
                n = report['maps']
                if die_after is not None and n >= die_after:
                    return  # exits without a word, as a crashing program does
                if garbage_after is not None and n >= garbage_after:
                    lola.sendall(b'\xc1' * 64)
                    garbage_after = None
                    continue
                if oversized_after is not None and n >= oversized_after:
                    lola.sendall(b'\x81\xa8Position\xdc\x10\x00' + b'\xca\x00\x00\x00\x00' * 4096)
                    oversized_after = None
                    continue
                if malformed_after is not None and n >= malformed_after:
                    # Well framed, but Position has 3 values instead of 25.
                    lola.sendall(b'\x81\xa8Position\x93' + b'\xca\x00\x00\x00\x00' * 3)
                    malformed_after = None
                if silent_after is not None and n >= silent_after:
                    continue
                lola.sendall(encode_actuators(hold, [1.0] * 25))
                report['answered'] += 1
    report['images'] = {str(k): {'count': v['count'], 'sizes': v['sizes'], 'bad': v['bad']} for k, v in images.items()}
    print(json.dumps(report))


main()
