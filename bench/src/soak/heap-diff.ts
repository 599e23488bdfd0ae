import { readFileSync } from 'node:fs';
import { round } from '../stats';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

type Groups = Map<string, { count: number; bytes: number }>;

/** Live objects of a V8 heap snapshot grouped by kind and constructor (or closure) name. */
function groups(path: string): Groups {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const out: Groups = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const kind = types[snap.nodes[i + type] as number] ?? '?';
    // Strings and numbers are named by their value: one group each.
    const label = ['string', 'concatenated string', 'sliced string', 'number'].includes(kind)
      ? `(${kind})`
      : `${kind}:${(snap.strings[snap.nodes[i + name] as number] ?? '').slice(0, 80)}`;
    const g = out.get(label) ?? { count: 0, bytes: 0 };
    g.count++;
    g.bytes += snap.nodes[i + size] as number;
    out.set(label, g);
  }
  return out;
}

/**
 * `node dist/heap-diff.js early.heapsnapshot late.heapsnapshot [rows]`: what grew between two
 * snapshots of the same process, by constructor, largest growth in bytes first.
 */
function main() {
  const [early, late, rows = '30'] = process.argv.slice(2);
  if (!early || !late) {
    console.error('usage: heap-diff <early.heapsnapshot> <late.heapsnapshot> [rows]');
    process.exit(2);
  }
  const a = groups(early);
  const b = groups(late);
  const total = (g: Groups) => [...g.values()].reduce((s, x) => s + x.bytes, 0);
  console.log(
    `heap: ${round(total(a) / 2 ** 20, 1)} MiB -> ${round(total(b) / 2 ** 20, 1)} MiB (self sizes of live objects)`,
  );
  const diff = [...new Set([...a.keys(), ...b.keys()])].map((label) => {
    const x = a.get(label) ?? { count: 0, bytes: 0 };
    const y = b.get(label) ?? { count: 0, bytes: 0 };
    return {
      group: label,
      count_before: x.count,
      count_after: y.count,
      count_growth: y.count - x.count,
      kib_growth: round((y.bytes - x.bytes) / 1024, 1),
    };
  });
  console.table(diff.sort((p, q) => q.kib_growth - p.kib_growth).slice(0, Number(rows)));
  console.table(diff.sort((p, q) => q.count_growth - p.count_growth).slice(0, Number(rows)));
}

main();
