/**
 * @file The VM's initial RAM disk: busybox (the static build, one binary for every shell tool), the kernel modules
 * the tests need with everything they depend on (from the kernel package's modules.dep, so busybox's modprobe
 * loads them in order), and an init script. Init loads virtio and 9p, mounts the host's root read-only and the
 * job folder writable (both shared by QEMU over 9p), runs the job's `setup.sh` with busybox (loading vivid,
 * snd-aloop, …), then runs the job's `run.sh` chrooted into the host's root, so the host's own node and checkout
 * run on the VM's kernel, and powers off. Markers on the console carry the exit code back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpioNewc, type CpioEntry } from './cpioNewc';

/** Printed before the job's output and, with its exit code, after it. */
export const BEGIN_MARKER = '@@PITCHSIDE-VM-BEGIN';
export const EXIT_MARKER = '@@PITCHSIDE-VM-EXIT';

/** Modules every boot needs to reach the host's files. */
const BOOT_MODULES = ['virtio_pci', '9pnet_virtio', '9p'];

const INIT = `#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
# Loopback up: the robot's debug link and its team communication listen on 127.0.0.1.
ip link set lo up || echo "init: no loopback"
for m in ${BOOT_MODULES.join(' ')}; do modprobe $m || echo "init: modprobe $m failed"; done
job=
for a in $(cat /proc/cmdline); do case "$a" in pitchside.job=*) job="\${a#pitchside.job=}";; esac; done
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,ro host /host || echo "init: no host share"
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 job /job || echo "init: no job share"
sh /job/setup.sh
setup=$?
mount --bind /dev /host/dev
mount -t proc proc /host/proc
mount -t sysfs sysfs /host/sys
mount -t tmpfs tmpfs /host/tmp
mkdir -p "/host$job" 2>/dev/null
mount --bind /job "/host$job"
echo ${BEGIN_MARKER}
if [ "$setup" = 0 ]; then chroot /host /bin/sh "$job/run.sh"; rc=$?; else echo "init: setup.sh failed ($setup)"; rc=125; fi
echo "${EXIT_MARKER} $rc"
sync
poweroff -f
`;

/** What goes into the initramfs. */
export interface InitramfsOptions {
  /** The static busybox binary (Debian's busybox-static: /bin/busybox). */
  busybox: string;
  /** The kernel's `lib/modules/<release>` folder with modules.dep. */
  modulesDir: string;
  /** Kernel release, the folder name under /lib/modules. */
  release: string;
  /** Modules the jobs may modprobe, besides those for 9p (dependencies are added). */
  modules: readonly string[];
}

/** A module's name as modprobe compares them (dashes and underscores are the same). */
function moduleKey(name: string): string {
  return path
    .basename(name)
    .replace(/\.ko(\.[a-z]+)?$/, '')
    .replace(/-/g, '_');
}

/** The modules.dep lines of `wanted` and of everything they need, keyed by module file. */
export function moduleClosure(modulesDep: string, wanted: readonly string[]): Map<string, string[]> {
  const deps = new Map<string, string[]>();
  const byKey = new Map<string, string>();
  for (const line of modulesDep.split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line.trim());
    if (!m) continue;
    deps.set(m[1]!, m[2]!.split(/\s+/).filter(Boolean));
    byKey.set(moduleKey(m[1]!), m[1]!);
  }
  const closure = new Map<string, string[]>();
  const visit = (file: string) => {
    if (closure.has(file)) return;
    const needs = deps.get(file) ?? [];
    closure.set(file, needs);
    needs.forEach(visit);
  };
  for (const name of wanted) {
    const file = byKey.get(moduleKey(name));
    if (!file) throw new Error(`the kernel has no module '${name}'`);
    visit(file);
  }
  return closure;
}

/** The gzip-compressed newc archive. */
export function buildInitramfs(options: InitramfsOptions): Buffer {
  const closure = moduleClosure(fs.readFileSync(path.join(options.modulesDir, 'modules.dep'), 'utf8'), [
    ...BOOT_MODULES,
    ...options.modules,
  ]);
  const entries: CpioEntry[] = [];
  const dirs = new Set<string>();
  const dir = (name: string) => {
    const parts = name.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const d = parts.slice(0, i).join('/');
      if (!dirs.has(d)) {
        dirs.add(d);
        entries.push({ name: d, kind: 'dir', mode: 0o755 });
      }
    }
  };
  for (const d of ['proc', 'sys', 'dev', 'host', 'job', 'tmp', 'bin']) dir(d);
  entries.push({ name: 'init', kind: 'file', mode: 0o755, data: Buffer.from(INIT) });
  entries.push({ name: 'bin/busybox', kind: 'file', mode: 0o755, data: fs.readFileSync(options.busybox) });
  const moduleRoot = `lib/modules/${options.release}`;
  dir(moduleRoot);
  const depLines: string[] = [];
  for (const [file, needs] of closure) {
    dir(path.posix.dirname(`${moduleRoot}/${file}`));
    entries.push({
      name: `${moduleRoot}/${file}`,
      kind: 'file',
      mode: 0o644,
      data: fs.readFileSync(path.join(options.modulesDir, file)),
    });
    depLines.push(`${file}: ${needs.join(' ')}`.trimEnd());
  }
  entries.push({
    name: `${moduleRoot}/modules.dep`,
    kind: 'file',
    mode: 0o644,
    data: Buffer.from(depLines.join('\n')),
  });
  return gzipSync(cpioNewc(entries), { level: 6 });
}
