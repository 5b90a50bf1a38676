import { describe, expect, it } from 'vitest';
import { CommandArgs, tokenizeLine } from './consoleLine';

const texts = (line: string): string[] => tokenizeLine(line).tokens.map((t) => t.text);

describe('tokenizeLine', () => {
  it('splits at any whitespace', () => {
    expect(texts('  dr \t representation:BallModel   on ')).toEqual(['dr', 'representation:BallModel', 'on']);
  });

  it('reads quoted tokens with escapes', () => {
    const { tokens } = tokenizeLine('echo "two words" "a\\"b" "tab\\there" "back\\\\slash" "nl\\n"');
    expect(tokens.map((t) => t.text)).toEqual(['echo', 'two words', 'a"b', 'tab\there', 'back\\slash', 'nl\n']);
    expect(tokens[1]).toMatchObject({ quoted: true, start: 5, end: 16 });
    expect(tokens[0]!.quoted).toBe(false);
  });

  it('treats #, // and /* */ as comments where a token could start', () => {
    expect(texts('# a comment')).toEqual([]);
    expect(texts('// another')).toEqual([]);
    expect(texts('dr off # switch all off')).toEqual(['dr', 'off']);
    expect(texts('dr /* inline */ off')).toEqual(['dr', 'off']);
    expect(texts('echo a#b c//d')).toEqual(['echo', 'a#b', 'c//d']);
    expect(texts('echo /* unterminated')).toEqual(['echo']);
    expect(tokenizeLine('set x 1 // why').content).toBe('set x 1 ');
  });

  it('keeps an unterminated quote to the end of the line', () => {
    expect(texts('echo "open end')).toEqual(['echo', 'open end']);
  });
});

describe('CommandArgs', () => {
  it('reads tokens in order and gives the raw rest', () => {
    const args = CommandArgs.fromLine('set module:X a = "x y"; b = 2; # note');
    expect(args.next()).toBe('set');
    expect(args.next()).toBe('module:X');
    expect(args.rawRest()).toBe('a = "x y"; b = 2;');
    expect(args.done).toBe(true);
  });

  it('accepts and peeks', () => {
    const args = CommandArgs.fromLine('vfd all ? ball');
    expect(args.accept('vfd')).toBe(true);
    expect(args.accept('x')).toBe(false);
    expect(args.peek()).toBe('all');
    expect(
      args
        .remaining()
        .rest()
        .map((t) => t.text),
    ).toEqual(['all', '?', 'ball']);
  });
});
