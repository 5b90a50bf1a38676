/**
 * A tiny XML reader for scene files. Scene files use a small subset of XML (elements, attributes, comments, text,
 * an optional declaration), and error messages need the line of every element and attribute, which is why this is
 * hand-written rather than a dependency. DTDs and namespaces are not interpreted.
 */
import { SceneError } from '../SceneError';

/** One attribute with the line it was written on. */
export interface XmlAttribute {
  name: string;
  value: string;
  line: number;
  /** The file it was written in (macros carry attributes into other files' elements). */
  file: string;
}

/** One element as written in a file. */
export interface XmlElement {
  name: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
  /** Concatenated character data directly inside the element (mesh data), trimmed. */
  text: string;
  file: string;
  line: number;
}

/**
 * Bounds every scene decoder checks before allocating (see docs/architecture.md, Security): bytes of one file, element
 * nesting, elements of one file, attributes of one element.
 */
export const XML_LIMITS = { maxBytes: 16 * 1024 * 1024, maxDepth: 256, maxElements: 200_000, maxAttributes: 256 };

// No prototype: `&constructor;` must be an unknown entity, not Object's constructor.
const ENTITIES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
});
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g;

/** Whether `code` is a character XML allows (no NUL, no lone surrogates, nothing above U+10FFFF). */
const isXmlChar = (code: number): boolean => code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);

function decodeEntities(text: string, file: string, line: number): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (match: string, body: string, offset: number) => {
    const at = (): number => line + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
    if (body.startsWith('#')) {
      const code = body.startsWith('#x') ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!isXmlChar(code))
        throw new SceneError(file, at(), '', `character reference '${match.slice(0, 24)}' is not a valid character`);
      return String.fromCodePoint(code);
    }
    const decoded = ENTITIES[body];
    if (decoded === undefined) throw new SceneError(file, at(), '', `unknown entity '&${body.slice(0, 24)};'`);
    return decoded;
  });
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /\s*/y;

/** Parses XML text into its root element; throws SceneError with the file and line on malformed input. */
export function parseXml(source: string, file: string): XmlElement {
  if (source.length > XML_LIMITS.maxBytes)
    throw new SceneError(file, 1, '', `file larger than ${XML_LIMITS.maxBytes} bytes`);
  let pos = 0;
  let line = 1;
  let elementCount = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;

  const fail = (message: string, at = line): never => {
    throw new SceneError(file, at, '', message);
  };
  // Newlines are found with indexOf (native) rather than a loop over every character of megabytes of mesh text.
  const advanceTo = (end: number): void => {
    for (let i = source.indexOf('\n', pos); i >= 0 && i < end; i = source.indexOf('\n', i + 1)) line++;
    pos = end;
  };
  const skipPast = (terminator: string, what: string): void => {
    const end = source.indexOf(terminator, pos);
    if (end < 0) fail(`unterminated ${what}`);
    advanceTo(end + terminator.length);
  };
  const skipSpace = (): void => {
    SPACE.lastIndex = pos;
    SPACE.exec(source);
    advanceTo(SPACE.lastIndex);
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const m = NAME.exec(source);
    if (!m) fail(`expected a name at '${source.slice(pos, pos + 10)}'`);
    advanceTo(NAME.lastIndex);
    return m![0];
  };

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt < 0 ? source.length : lt;
    if (textEnd > pos) {
      const text = source.slice(pos, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.text += decodeEntities(text, file, line);
      else if (text.trim() !== '') fail('text outside the root element');
      advanceTo(textEnd);
      continue;
    }
    if (source.startsWith('<!--', pos)) skipPast('-->', 'comment');
    else if (source.startsWith('<?', pos)) skipPast('?>', 'declaration');
    else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos);
      if (end < 0) fail('unterminated CDATA section');
      const top = stack[stack.length - 1];
      if (!top) fail('CDATA outside the root element');
      top!.text += source.slice(pos + 9, end);
      advanceTo(end + 3);
    } else if (source.startsWith('<!', pos)) skipPast('>', 'declaration');
    else if (source.startsWith('</', pos)) {
      advanceTo(pos + 2);
      const name = readName();
      skipSpace();
      if (source[pos] !== '>') fail(`expected '>' after '</${name}'`);
      advanceTo(pos + 1);
      const open = stack.pop();
      if (!open) fail(`unexpected closing tag '</${name}>'`);
      if (open!.name !== name) fail(`closing tag '</${name}>' does not match '<${open!.name}>' of line ${open!.line}`);
      open!.text = open!.text.trim();
    } else {
      const elementLine = line;
      advanceTo(pos + 1);
      const element: XmlElement = { name: readName(), attributes: [], children: [], text: '', file, line: elementLine };
      if (++elementCount > XML_LIMITS.maxElements) fail(`more than ${XML_LIMITS.maxElements} elements`);
      const seen = new Set<string>();
      for (;;) {
        skipSpace();
        if (source.startsWith('/>', pos) || source[pos] === '>') break;
        if (pos >= source.length) fail(`unterminated tag '<${element.name}'`, elementLine);
        const attrLine = line;
        const attrName = readName();
        skipSpace();
        if (source[pos] !== '=') fail(`expected '=' after attribute '${attrName}'`);
        advanceTo(pos + 1);
        skipSpace();
        const quote = source[pos];
        if (quote !== '"' && quote !== "'") fail(`attribute '${attrName}' needs a quoted value`);
        const end = source.indexOf(quote!, pos + 1);
        if (end < 0) fail(`unterminated value of attribute '${attrName}'`);
        const raw = source.slice(pos + 1, end);
        advanceTo(end + 1);
        if (seen.has(attrName)) fail(`duplicate attribute '${attrName}'`, attrLine);
        if (seen.size >= XML_LIMITS.maxAttributes) fail(`more than ${XML_LIMITS.maxAttributes} attributes`, attrLine);
        seen.add(attrName);
        element.attributes.push({ name: attrName, value: decodeEntities(raw, file, attrLine), line: attrLine, file });
      }
      const selfClosing = source[pos] === '/';
      advanceTo(pos + (selfClosing ? 2 : 1));
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) fail('more than one root element', elementLine);
      else root = element;
      if (!selfClosing) {
        if (stack.length >= XML_LIMITS.maxDepth) fail(`elements nested deeper than ${XML_LIMITS.maxDepth}`);
        stack.push(element);
      }
    }
  }
  const open = stack.pop();
  if (open) fail(`element '<${open.name}>' is never closed`, open.line);
  if (!root) fail('no root element');
  return root!;
}
