// The SQL an endpoint runs, for its pgbench line. Two halves:
// - Loaded into the server (`node --import ./bench/sql-capture.mjs`, with BENCH_SQL_CAPTURE=<file>):
//   every statement node-postgres sends while serving a request that carries `x-bench-capture` is
//   appended to the file as one JSON line {text, params}, the parameters as pg sends them. The bench
//   sends that request alone, before any load, so "while serving" is a flag set from the request to its
//   response's end: no AsyncLocalStorage, whose promise hooks would stay on and slow every request after.
// - `pgbenchFromCapture(lines, substitute)` in the bench: those statements as a pgbench script, each
//   parameter inlined as an untyped literal (typed by its context, as a parameter is), or replaced by
//   the SQL expression `substitute(value)` returns (a value the database must compute afresh each time,
//   such as a complaint's next reference number).
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

// Statements the server runs at most once a minute whatever the traffic: not part of a request's cost.
const occasional = [/^delete from "rate_limit_hits"/i];

function install(file) {
  const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
  const pg = require('pg');
  const { prepareValue } = require('pg/lib/utils');
  let capturing = false;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, response, ...rest) {
    if (event === 'request' && request.headers['x-bench-capture']) {
      capturing = true;
      response.once('close', () => (capturing = false));
    }
    return emit.call(this, event, request, response, ...rest);
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    if (capturing) {
      const text = typeof config === 'string' ? config : config.text;
      const params = (typeof config === 'object' && config.values) || (Array.isArray(values) ? values : []);
      const prepared = params.map((value) => {
        const p = prepareValue(value);
        return p === null || p === undefined
          ? null
          : Buffer.isBuffer(p)
            ? `\\x${p.toString('hex')}`
            : String(p);
      });
      appendFileSync(file, `${JSON.stringify({ text, params: prepared })}\n`);
    }
    return query.call(this, config, values, callback);
  };
}

if (process.env.BENCH_SQL_CAPTURE) install(process.env.BENCH_SQL_CAPTURE);

const literal = (value) => (value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`);

/** The captured statements (JSON lines) as a pgbench script. */
export function pgbenchFromCapture(lines, substitute = () => undefined) {
  const statements = lines
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter(({ text }) => !occasional.some((pattern) => pattern.test(text.trim())));
  return statements
    .map(({ text, params }) => {
      const sql = text
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/\$(\d+)/g, (_, n) => {
          const value = params[Number(n) - 1];
          return substitute(value) ?? literal(value);
        });
      return `${sql};`;
    })
    .join('\n');
}
