// Local ESLint plugin: the `layers` rule resolves every import (static, re-export, dynamic) to a repo path and
// checks it against layerRules.js (the layer aliases of tsconfig.base.json resolve like relative paths). Resolution is purely path-based so it stays fast and needs no TS program.
import path from 'node:path';
import { resolveAlias } from '../pathAliases.mjs';
import { checkImport } from './layerRules.js';

const ROOT = path.resolve(import.meta.dirname, '..');

function toRel(abs) {
  return path.relative(ROOT, abs).split(path.sep).join('/');
}

const layers = {
  meta: { type: 'problem', docs: { description: 'Enforce the layer rules of docs/architecture.md' }, schema: [] },
  create(context) {
    const from = toRel(context.filename);
    function check(node, spec, typeOnly) {
      if (typeof spec !== 'string') return;
      const absolute = spec.startsWith('.') ? path.resolve(path.dirname(context.filename), spec) : resolveAlias(spec);
      const target = absolute === undefined ? undefined : toRel(absolute);
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

/** Deep relative paths hide which layer an import reaches; the layer aliases name it. */
const MAX_CLIMBS = 2;

const aliases = {
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Imports that climb three or more folders use the layer alias (@robot-runtime/, @app/, @renderer/)',
    },
    schema: [],
  },
  create(context) {
    function check(node, spec) {
      if (typeof spec !== 'string' || !spec.startsWith('../')) return;
      const climbs = spec.split('/').filter((part) => part === '..').length;
      if (climbs <= MAX_CLIMBS) return;
      const target = toRel(path.resolve(path.dirname(context.filename), spec));
      const alias = ['robot-runtime', 'app', 'renderer'].find((layer) => target.startsWith(`${layer}/`));
      const suggestion = alias ? ` ('@${target}')` : '';
      context.report({ node, message: `'${spec}' climbs ${climbs} folders: use the layer alias${suggestion}` });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers, aliases } };
