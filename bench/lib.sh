# Shared by the bench scripts (sourced after they cd to the repository's root).

# A port free right now on 127.0.0.1.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# wrk_line NAME URL [wrk flags...]: one line of req/s and average latency for wrk -t2 at
# $CONNECTIONS connections for $DURATION. Only 2xx/3xx answers count: a run that got others
# says so beside its figures (a server answering errors fast measures nothing).
wrk_line() {
  local name=$1 url=$2 out line bad
  shift 2
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" "$@" "$url")
  line=$(echo "$out" | awk '/Requests\/sec/ {print $2} /Latency/ {lat=$2} END {print lat}' | paste -sd' ')
  bad=$(echo "$out" | awk '/Non-2xx/ {print "   NOT 2xx: " $5}')
  printf '%-44s %12s req/s   avg latency %s%s\n' "$name" "${line% *}" "${line#* }" "$bad"
}

# CPU time (user and system, in clock ticks) the processes PIDS... have used so far.
ticks() { local pid sum=0; for pid in "$@"; do sum=$((sum + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$sum"; }

# cpu_line NAME URL "PIDS" [wrk flags...]: wrk_line, and the CPU the server's processes (PIDS,
# one a word) spent per answer. The requests a second swing with the machine's neighbours;
# the CPU per answer much less.
cpu_line() {
  local name=$1 url=$2 pids=$3 before line after
  shift 3
  # shellcheck disable=SC2086 # one pid a word
  before=$(ticks $pids)
  line=$(wrk_line "$name" "$url" "$@")
  # shellcheck disable=SC2086
  after=$(ticks $pids)
  python3 - "$line" "$((after - before))" "$(getconf CLK_TCK)" "$DURATION" <<'PY'
import re, sys
line, ticks, per_second, duration = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rate = re.search(r"([0-9.]+) req/s", line)
seconds = {"s": 1, "m": 60}.get(duration[-1:], 0) * float(duration[:-1] or 0)
cpu = f"   server CPU {ticks / per_second / (float(rate[1]) * seconds) * 1e6:.1f} us/answer" if rate and seconds and float(rate[1]) else ""
print(line + cpu)
PY
}

# The nginx every comparison runs against (Debian's).
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# need_nginx: stops the script, saying how to install it, when nginx is missing.
need_nginx() { [ -x "$NGINX" ] || { echo "install nginx: apt-get install -y nginx" >&2; exit 1; }; }

# start_nginx WORK SERVER [HTTP]: nginx as every comparison runs it (all cores, sendfile,
# gzip_static on, 100,000 requests a connection, no access log), with SERVER inside its one
# server block (its listen line included) and HTTP added to the http block. Its config, pid
# and logs are in WORK; stop_nginx WORK stops it.
start_nginx() {
  local work=$1 server=$2 http=${3:-}
  mkdir -p "$work/logs"
  cat > "$work/nginx.conf" <<CONF
worker_processes auto;
error_log $work/logs/error.log;
pid $work/nginx.pid;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
$http
  server {
$server
  }
}
CONF
  "$NGINX" -p "$work" -c nginx.conf
}

# stop_nginx WORK: stops the nginx start_nginx WORK started, if it runs.
stop_nginx() { [ -f "$1/nginx.pid" ] && "$NGINX" -p "$1" -c nginx.conf -s stop 2>/dev/null || true; }
