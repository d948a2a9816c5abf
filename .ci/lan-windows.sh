#!/usr/bin/env bash
# Two real Command Console windows playing one game over the LAN, under
# Xvfb: the first hosts a saved mid-game Lands of Ruin game keeping seat
# alice, the second joins it as bob; each window is shot, and the check
# fails unless both apps' logs say so and neither screenshot is blank.
#
#   .ci/lan-windows.sh HOST.png GUEST.png
#
# Everything runs in a network namespace of its own holding only loopback
# (unshare --net; root, or unprivileged user namespaces), so neither the
# TCP link nor the host's mDNS announcement leaves the machine. Needs what
# .ci/screenshot.sh needs, and unshare (util-linux) and ip (iproute2).
set -euo pipefail
hostpng=${1:?usage: .ci/lan-windows.sh HOST.png GUEST.png}
guestpng=${2:?usage: .ci/lan-windows.sh HOST.png GUEST.png}
case $hostpng in /*) ;; *) hostpng=$PWD/$hostpng ;; esac
case $guestpng in /*) ;; *) guestpng=$PWD/$guestpng ;; esac
repo=$(cd "$(dirname "$0")/.." && pwd)
size=${SCREEN_SIZE:-1280x800}

if [[ ${LAN_WINDOWS_INNER:-} != 1 ]]; then
	for tool in xvfb-run xwininfo import identify unshare ip; do
		command -v $tool >/dev/null || { echo "lan-windows: missing $tool" >&2; exit 2; }
	done
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	echo "lan-windows: building" >&2
	(cd "$repo" && go build -o "$tmp/commandconsole" ./cmd/commandconsole && go build -o "$tmp/ccctl" ./cmd/ccctl)
	mkdir -p "$tmp/host" "$tmp/guest"
	id=$("$tmp/ccctl" --db "$tmp/host/saves.db" script "$repo/app/lorscreen/testdata/midgame.jsonl" | sed -n 's/^  "id": "\(.*\)",$/\1/p' | head -1)
	[[ -n $id ]] || { echo "lan-windows: ccctl script gave no game id" >&2; exit 1; }
	flags=(--net)
	[[ $(id -u) == 0 ]] || flags+=(--user --map-root-user)
	LAN_WINDOWS_INNER=1 TMPDIR_LAN=$tmp GAME_ID=$id unshare "${flags[@]}" "$0" "$hostpng" "$guestpng"
	exit $?
fi

# Inside the namespace.
tmp=$TMPDIR_LAN
ip link set lo up
ip -o link | grep -v ': lo:' && { echo "lan-windows: the namespace has more than loopback" >&2; exit 1; }

run_app() { # name display env...
	local name=$1 disp=$2
	shift 2
	env -u WAYLAND_DISPLAY HOME="$tmp/$name" XDG_CONFIG_HOME="$tmp/$name/.config" COMMANDCONSOLE_DB="$tmp/$name/saves.db" \
		LANG=C.UTF-8 "$@" xvfb-run -n "$disp" -s "-ac -screen 0 ${size}x24" \
		bash -c '"$1" >"$2" 2>&1 & pid=$!; echo $pid >"$3"; wait $pid' _ "$tmp/commandconsole" "$tmp/$name.log" "$tmp/$name.pid" &
}
wait_log() { # file pattern what
	for _ in $(seq 1 150); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.2
	done
	echo "lan-windows: no \"$3\" after 30 s; the log:" >&2
	cat "$1" >&2
	return 1
}
shoot() { # display out
	DISPLAY=:$1 import -window root "$2"
	local colours deviation
	colours=$(identify -format '%k' "$2")
	deviation=$(identify -format '%[fx:standard_deviation]' "$2")
	echo "lan-windows: $2: $(identify -format '%wx%h' "$2"), $colours colours, standard deviation $deviation" >&2
	if ((colours <= 10)) || awk -v d="$deviation" 'BEGIN { exit !(d < 0.02) }'; then
		echo "lan-windows: $2 looks blank" >&2
		return 1
	fi
}
stop_all() {
	for n in host guest; do
		[[ -f $tmp/$n.pid ]] && kill "$(cat "$tmp/$n.pid")" 2>/dev/null
	done
	wait 2>/dev/null || true
}
trap stop_all EXIT

echo "lan-windows: the host window hosts game $GAME_ID keeping alice" >&2
run_app host 91 COMMANDCONSOLE_HOST="$GAME_ID@alice" COMMANDCONSOLE_PIN=2468
wait_log "$tmp/host.log" "hosting game $GAME_ID as alice" "hosting"
line=$(grep "hosting game $GAME_ID" "$tmp/host.log")
port=$(sed -n 's/.* on port \([0-9]*\),.*/\1/p' <<<"$line")
fp=$(sed -n 's/.*fingerprint \([0-9A-Z-]*\),.*/\1/p' <<<"$line")
echo "lan-windows: port $port, fingerprint $fp" >&2

echo "lan-windows: the guest window joins as bob" >&2
run_app guest 92 COMMANDCONSOLE_JOIN="127.0.0.1:$port@bob" COMMANDCONSOLE_PIN=2468 COMMANDCONSOLE_FINGERPRINT="$fp"
wait_log "$tmp/guest.log" "joined game $GAME_ID as bob" "joined"
sleep 3 # let both draw
shoot 91 "$hostpng"
shoot 92 "$guestpng"
echo "lan-windows: two windows, one game: host as alice, guest as bob" >&2
