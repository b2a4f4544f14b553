import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { chmod, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const EXAMPLE = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url))

/**
 * The parts of deploy/nginx.conf that the browser tests and the bench run as they are, so that
 * what they measure is the example an operator copies: the upstream, the `location /`, and the
 * TLS server's `listen` options and `ssl_` settings (its certificate's paths left out).
 */
export function nginxExample() {
  const example = readFileSync(EXAMPLE, 'utf8')
  const part = (pattern, what) => {
    const found = pattern.exec(example)
    if (!found) throw new Error(`deploy/nginx.conf has no ${what}`)
    return found[1] ?? found[0]
  }
  return {
    upstream: part(/upstream doctors_portal \{[^}]*\}/, 'upstream doctors_portal'),
    location: part(/location \/ \{[^}]*\}/, 'location /'),
    tlsListenOptions: part(/listen 443 ([^;]*);/, 'listen 443'),
    tlsSettings: [...example.matchAll(/^\s*(ssl_(?!certificate)\w+\s[^;]*;)/gm)].map((found) => found[1]),
  }
}

/** The example's upstream with its servers' addresses replaced, in order, by `addresses`. */
export function exampleUpstream(addresses) {
  let next = 0
  const upstream = nginxExample().upstream.replace(/server 127\.0\.0\.1:\d+;\n?\s*/g, () =>
    next < addresses.length ? `server ${addresses[next++]};\n    ` : '',
  )
  if (next !== addresses.length)
    throw new Error(`deploy/nginx.conf names fewer than ${addresses.length} servers`)
  return upstream
}

/**
 * The example's TLS server on 127.0.0.1:`port`, with a self-signed certificate for 127.0.0.1
 * made in `folder` by openssl. False when this machine has no openssl.
 */
export function exampleTlsServer({ port, folder }) {
  const [certificate, key] = [path.join(folder, 'cert.pem'), path.join(folder, 'key.pem')]
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'].concat([
      '-keyout',
      key,
      '-out',
      certificate,
    ]),
    { stdio: 'ignore' },
  )
  if (made.status !== 0) return false
  const { tlsListenOptions, tlsSettings, location } = nginxExample()
  return `server {
        listen 127.0.0.1:${port} ${tlsListenOptions};
        ssl_certificate ${certificate};
        ssl_certificate_key ${key};
        ${tlsSettings.join('\n        ')}
        ${location}
    }`
}

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

/**
 * Runs nginx in the foreground on `http` (the inside of its http block), with its pid, logs and
 * temporary files in `folder`, which is made readable to its workers (`nobody` when run as
 * root). `stop` ends it gracefully and removes the folder.
 */
export async function runNginx({ folder, http }) {
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
  const config = `worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
events {}
http {
    access_log off;
    ${temporary.map((kind) => `${kind}_temp_path ${folder}/${kind};`).join('\n    ')}
    ${http}
}
`
  await chmod(folder, 0o755)
  await writeFile(path.join(folder, 'nginx.conf'), config)
  const child = spawn(
    NGINX_PATH,
    ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT')
        await exited
      }
      await rm(folder, { recursive: true, force: true })
    },
  }
}
