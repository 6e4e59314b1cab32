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
