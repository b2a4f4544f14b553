import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
let t=performance.now()
const a = await PGlite.create({extensions:{btree_gist}})
console.log('create mem', performance.now()-t)
await a.exec('create extension btree_gist; create table x(id int, r tsrange, exclude using gist (id with =, r with &&))')
t=performance.now(); const dump = await a.dumpDataDir('none'); console.log('dump', performance.now()-t, dump.size)
t=performance.now(); const b = await PGlite.create({loadDataDir: dump, extensions:{btree_gist}}); console.log('load', performance.now()-t)
console.log((await b.query('select count(*) from x')).rows)
t=performance.now(); const c = await PGlite.create('/tmp/pgdir1', {extensions:{btree_gist}}); await c.query('select 1'); console.log('file create', performance.now()-t); await c.close()
t=performance.now(); const d = await PGlite.create('/tmp/pgdir1', {extensions:{btree_gist}}); await d.query('select 1'); console.log('file reopen', performance.now()-t)
