// Local ESLint plugin: the `layers` rule resolves every import (static, re-export, dynamic) to a repo path and
// checks it against layerRules.js. Resolution is purely path-based so it stays fast and needs no TS program.
import path from 'node:path';
import { checkImport } from './layerRules.js';

const ROOT = path.resolve(import.meta.dirname, '..');

function toRel(abs) {
  return path.relative(ROOT, abs).split(path.sep).join('/');
}

const layers = {
  meta: { type: 'problem', docs: { description: 'Enforce the layer rules of DESIGN.md' }, schema: [] },
  create(context) {
    const from = toRel(context.filename);
    function check(node, spec, typeOnly) {
      if (typeof spec !== 'string') return;
      const target = spec.startsWith('.') ? toRel(path.resolve(path.dirname(context.filename), spec)) : undefined;
      const message = checkImport({ from, spec, target, typeOnly });
      if (message) context.report({ node, message });
    }
    return {
      ImportDeclaration(node) {
        const typeOnly =
          node.importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
        check(node, node.source.value, typeOnly);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value, false);
      },
    };
  },
};

export default { rules: { layers } };
