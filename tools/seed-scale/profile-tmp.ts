import pg from 'pg';
import { loadScale } from './load-scale.ts';
const db = new pg.Client({ connectionString: process.env.DB });
await db.connect();
const r = await loadScale(db, { scale: Number(process.env.SCALE ?? 0.1), anchor: '2026-11-27', commit: false, onStep: (s, t) => console.log(s.padEnd(50), t) });
console.log('total', r.seconds);
await db.query('rollback');
await db.end();
