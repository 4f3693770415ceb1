/**
 * The load balancer of `npm run cluster`: nginx round-robin over the replicas
 * (docs/decisions/0007-nginx-load-balancer.md), sized for an overload (docs/operations.md#overload):
 *
 * - Each client connection holds a second one to a replica: 4,096 connections per worker and
 *   the file descriptors for them, where 1,024 broke first at 500 concurrent clients.
 * - Kept-alive connections to the replicas (HTTP/1.1, `Connection` cleared): no new TCP
 *   connection per request. nginx closes an idle one after 60 s (its default), before the
 *   replica would at 65 s (src/server/keep-alive.ts), so nginx never sends on a closing one.
 * - A connection refused by a replica that is stopping is retried once on the next one; nginx
 *   never repeats a POST that may have been sent. A replica's load-shedding 503 goes to the
 *   client with its Retry-After: naming `http_503` in `proxy_next_upstream` would also count it
 *   as a failure (`max_fails`), and under overload every replica would be marked down at once,
 *   turning "busy, come back in 1 s" into nginx's own 502 "no live upstreams".
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { startProcess, type RunningProcess } from './processes'

function nginxConfig(options: { dir: string; port: number; replicaPorts: number[] }) {
  const servers = options.replicaPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n')
  const temp = (name: string) => path.join(options.dir, 'temp', name)
  return `# Written by scripts/cluster/nginx.ts for \`npm run cluster\`.
daemon off;
# One process running as the caller: a local tool, not a system service. A deployment runs
# the master and \`worker_processes auto;\`: the figures below are per worker.
master_process off;
pid ${path.join(options.dir, 'nginx.pid')};
error_log stderr warn;
worker_rlimit_nofile 8192;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream playground {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://playground;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      # Which replica answered: for watching the round-robin locally (and the cluster test).
      add_header X-Served-By $upstream_addr always;
    }
  }
}
`
}

export async function startNginx(options: {
  dir: string
  port: number
  replicaPorts: number[]
}): Promise<RunningProcess> {
  await mkdir(path.join(options.dir, 'temp'), { recursive: true })
  const file = path.join(options.dir, 'nginx.conf')
  await writeFile(file, nginxConfig(options))
  return startProcess('nginx', 'nginx', ['-p', options.dir, '-e', 'stderr', '-c', file])
}
