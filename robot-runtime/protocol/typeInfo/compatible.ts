import type { TypeInfo } from './TypeInfo';
import { parseTypeName } from './typeName';

// Answers per (old info, current info): compatibility of two immutable TypeInfos never changes.
const memos = new WeakMap<TypeInfo, WeakMap<TypeInfo, Map<string, boolean>>>();

/**
 * Whether data written as `typeName` under `oldInfo` reads correctly as `currentTypeName` (default: the same
 * name) under `currentInfo`, so that replay can decode it directly instead of converting. Following formats §3.3:
 * primitives must be the same, enums compatible when the old constants are a prefix of the current ones,
 * arrays when their lengths and elements are. For classes this is stricter than B-Human, which compares only
 * attribute types: attribute names must match too, because a plain decode assigns by position and a rename or
 * a swap of two same-typed fields would otherwise put values into the wrong fields silently.
 */
export function isCompatible(
  oldInfo: TypeInfo,
  typeName: string,
  currentInfo: TypeInfo,
  currentTypeName = typeName,
): boolean {
  if (oldInfo === currentInfo && typeName === currentTypeName) return true;
  let byCurrent = memos.get(oldInfo);
  if (!byCurrent) {
    byCurrent = new WeakMap();
    memos.set(oldInfo, byCurrent);
  }
  let answers = byCurrent.get(currentInfo);
  if (!answers) {
    answers = new Map();
    byCurrent.set(currentInfo, answers);
  }
  const key = `${typeName}\n${currentTypeName}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    // A fresh memo per question: answers for inner pairs may rest on an assumption about an enclosing pair
    // that later turned out false, so only the outermost answer is kept.
    answer = compatible({ oldInfo, currentInfo, memo: new Map() }, typeName, currentTypeName);
    answers.set(key, answer);
  }
  return answer;
}

/** One isCompatible question: the two infos and the answers for the pairs of names met on the way. */
interface Question {
  oldInfo: TypeInfo;
  currentInfo: TypeInfo;
  memo: Map<string, boolean>;
}

function compatible(q: Question, oldName: string, currentName: string): boolean {
  const key = `${oldName}\n${currentName}`;
  const known = q.memo.get(key);
  if (known !== undefined) return known;
  // Assumed compatible while being checked, so that self-referencing types terminate (a mismatch anywhere else
  // still makes the whole answer false).
  q.memo.set(key, true);
  const result = check(q, oldName, currentName);
  q.memo.set(key, result);
  return result;
}

function check(q: Question, oldName: string, currentName: string): boolean {
  const { oldInfo, currentInfo } = q;
  const a = parseTypeName(oldName);
  const b = parseTypeName(currentName);
  if (a.kind === 'dynamic') return b.kind === 'dynamic' && compatible(q, a.element, b.element);
  if (a.kind === 'fixed') return b.kind === 'fixed' && a.length === b.length && compatible(q, a.element, b.element);
  if (b.kind !== 'named') return false;
  const oldAttributes = oldInfo.classes.get(oldName);
  if (oldAttributes) {
    const attributes = currentInfo.classes.get(currentName);
    return (
      attributes !== undefined &&
      attributes.length === oldAttributes.length &&
      oldAttributes.every((x, i) => x.name === attributes[i]!.name && compatible(q, x.type, attributes[i]!.type))
    );
  }
  const oldConstants = oldInfo.enums.get(oldName);
  if (oldConstants) {
    const constants = currentInfo.enums.get(currentName);
    return (
      constants !== undefined &&
      oldConstants.length <= constants.length &&
      oldConstants.every((c, i) => c === constants[i])
    );
  }
  // A primitive (or a name neither info declares, which can only match itself and fails later when decoded).
  return oldName === currentName && !currentInfo.classes.has(currentName) && !currentInfo.enums.has(currentName);
}
