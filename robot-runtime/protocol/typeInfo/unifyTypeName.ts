/**
 * Normalizes a compiler-demangled C++ type name the way current TypeInfo streams spell names (formats §3.3), for
 * streams written before names were unified at the source: no blanks after commas or before `>` and `[`, no
 * integer literal suffixes, no inline ABI namespaces, and any `std::basic_string<…>` as `std::string`.
 */
export function unifyTypeName(name: string): string {
  let s = name.replace(/::__1\b/g, '').replace(/::__cxx11\b/g, '');
  s = replaceBasicString(s);
  s = s.replace(/, /g, ',').replace(/ >/g, '>').replace(/ \[/g, '[');
  return s.replace(/\b(\d+)(?:ul|l)\b/g, '$1');
}

const BASIC_STRING = 'std::basic_string<';

/** Replaces each `std::basic_string<…>` (with balanced template brackets) by `std::string`. */
function replaceBasicString(s: string): string {
  let at = s.indexOf(BASIC_STRING);
  while (at >= 0) {
    let depth = 1;
    let i = at + BASIC_STRING.length;
    for (; i < s.length && depth > 0; i++) {
      if (s[i] === '<') depth++;
      else if (s[i] === '>') depth--;
    }
    if (depth > 0) break; // unbalanced: leave the rest as it is
    s = `${s.slice(0, at)}std::string${s.slice(i)}`;
    at = s.indexOf(BASIC_STRING, at + 1);
  }
  return s;
}
