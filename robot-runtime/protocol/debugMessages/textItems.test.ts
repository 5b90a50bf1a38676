import { describe, expect, it } from 'vitest';
import { StreamError } from '../binary/StreamError';
import { TestRandom } from './testRandom';
import { decodeTextItems, encodeTextItems, formatTextItems, parseTextItems, quoteTextItem } from './textItems';
import { decodeTextMessage, encodeTextMessage } from './textMessage';

describe('OutText items', () => {
  it('precedes every item with a space and prints booleans and numbers plainly', () => {
    expect(formatTextItems(['representation:BallModel', true])).toBe(' representation:BallModel true');
    expect(formatTextItems([3, false])).toBe(' 3 false');
  });

  it('quotes empty strings, strings with whitespace and strings starting with a quote, escaping inside quotes', () => {
    expect(quoteTextItem('')).toBe('""');
    expect(quoteTextItem('debug drawing:ball')).toBe('"debug drawing:ball"');
    expect(quoteTextItem('"x')).toBe('"\\"x"');
    expect(quoteTextItem('a\tb\\c\nd\re')).toBe('"a\\tb\\\\c\\nd\\re"');
    // No whitespace: written verbatim, because the reader only interprets escapes inside quotes.
    expect(quoteTextItem('a\\b"c')).toBe('a\\b"c');
  });

  it('round-trips arbitrary strings', () => {
    const rnd = new TestRandom(7);
    for (let i = 0; i < 500; i++) {
      const items = Array.from({ length: rnd.int(0, 4) }, () => rnd.string());
      expect(decodeTextItems(encodeTextItems(items))).toEqual(items);
    }
  });

  it('reports an unterminated quote as a StreamError at its position', () => {
    try {
      parseTextItems(' ok "never closed', 100);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StreamError);
      expect((e as StreamError).offset).toBe(104);
    }
  });

  it('idText keeps spaces and newlines and concatenates several sender items', () => {
    expect(decodeTextMessage(encodeTextMessage('Hi, I am Nao\nsecond line'))).toBe('Hi, I am Nao\nsecond line');
    expect(decodeTextMessage(encodeTextMessage(''))).toBe('');
    expect(decodeTextMessage(new TextEncoder().encode(' "i: " 5'))).toBe('i: 5');
  });
});
