#!/usr/bin/env bash
# Two real Command Console windows playing one game over the LAN, under
# Xvfb, through the host's life cycle (issue 22):
#
#  1. the first window hosts a saved mid-game Lands of Ruin game keeping
#     seat alice; the second finds it in its list of games nearby over
#     real mDNS (COMMANDCONSOLE_JOIN=nearby:ID@bob: the app's own Browser,
#     github.com/grandcat/zeroconf) and joins it as bob with the PIN,
#     pinning the fingerprint the host logged;
#  2. twice, the host app is killed (kill -9) and started again on its
#     save with COMMANDCONSOLE_HOST=ID and no seat (a hosted game stays the
#     seat it kept): the guest must lose the link and come back by itself;
#  3. once, the host leaves to the home screen in its window (xdotool: the
#     game's menu, its last item "Leave to the home screen", the dialog's
#     confirming button): the guest must see the pause; the host then taps "Resume hosting" on its
#     Continue tile and the guest must come back by itself;
#  4. every game screen either app showed is on its log ("showing game ID
#     as SEAT"): the host's logs (one per run) must only ever say alice and
#     the guest's only bob, never every seat nor the other seat.
#
# Both windows are then shot (HOST.png, GUEST.png; neither may be blank),
# and the shots taken on the way are kept next to HOST.png in
# HOST.png.d/ with every app's log.
#
#   .ci/lan-windows.sh HOST.png GUEST.png
#
# Everything runs in a network namespace of its own holding only loopback
# (unshare --net; root, or unprivileged user namespaces), with multicast on
# for mDNS, so neither the TCP link nor the host's mDNS announcement leaves
# the machine. Needs what .ci/screenshot.sh needs, and xdotool, unshare
# (util-linux) and ip (iproute2). The clicks are at places of a 1280x800
# screen, checked by the colour found there where it matters.
set -euo pipefail
hostpng=${1:?usage: .ci/lan-windows.sh HOST.png GUEST.png}
guestpng=${2:?usage: .ci/lan-windows.sh HOST.png GUEST.png}
case $hostpng in /*) ;; *) hostpng=$PWD/$hostpng ;; esac
case $guestpng in /*) ;; *) guestpng=$PWD/$guestpng ;; esac
repo=$(cd "$(dirname "$0")/.." && pwd)
size=1280x800

if [[ ${LAN_WINDOWS_INNER:-} != 1 ]]; then
	for tool in xvfb-run xwininfo xdotool import identify convert unshare ip; do
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
	start=$SECONDS
	rc=0
	LAN_WINDOWS_INNER=1 TMPDIR_LAN=$tmp GAME_ID=$id unshare "${flags[@]}" "$0" "$hostpng" "$guestpng" || rc=$?
	echo "lan-windows: the two windows took $((SECONDS - start)) s" >&2
	exit $rc
fi

# Inside the namespace.
tmp=$TMPDIR_LAN
id=$GAME_ID
shots=$hostpng.d
rm -rf "$shots"
mkdir -p "$shots"
ip link set lo up
ip link set lo multicast on # mDNS: the announcement and the browsing
ip -o link | grep -v ': lo:' && { echo "lan-windows: the namespace has more than loopback" >&2; exit 1; }

declare -A xpid # the xvfb-run of each window, by name
xvfbs=()         # every Xvfb started, to stop at the end
# run_app starts the app in a window of its own (xvfb-run -a: the first
# free display from 91 on, as another run may still be letting one go) and
# waits for its display number, which it puts in $disp.
run_app() { # name log env...
	local name=$1 logf=$2 i
	shift 2
	rm -f "$tmp/$name.pid" "$tmp/$name.display"
	env -u WAYLAND_DISPLAY HOME="$tmp/$name" XDG_CONFIG_HOME="$tmp/$name/.config" COMMANDCONSOLE_DB="$tmp/$name/saves.db" \
		LANG=C.UTF-8 "$@" xvfb-run -a -n 91 -s "-ac -screen 0 ${size}x24" \
		bash -c 'echo "${DISPLAY#:}" >"$4"; "$1" >"$2" 2>&1 & pid=$!; echo $pid >"$3"; wait $pid 2>/dev/null' \
		_ "$tmp/commandconsole" "$logf" "$tmp/$name.pid" "$tmp/$name.display" &
	xpid[$name]=$!
	for ((i = 0; i < 100; i++)); do
		[[ -s $tmp/$name.display && -s $tmp/$name.pid ]] && break
		sleep 0.2
	done
	if ! [[ -s $tmp/$name.display && -s $tmp/$name.pid ]]; then
		echo "lan-windows: FAIL: the $name window did not start in 20 s (xvfb-run)" >&2
		return 1
	fi
	disp=$(cat "$tmp/$name.display")
	# The app runs on it: the lock file names our Xvfb.
	xvfbs+=("$({ tr -dc 0-9 <"/tmp/.X$disp-lock"; } 2>/dev/null || true)")
	echo "lan-windows: the $name window is display :$disp" >&2
}
# The logs shown when a step fails: every host run's and the guest's.
dump_logs() {
	for f in "$tmp"/host-*.log "$tmp"/guest.log; do
		[[ -f $f ]] || continue
		echo "---- ${f##*/}" >&2
		cat "$f" >&2
	done
}
count() { # file pattern
	grep -c -- "$2" "$1" 2>/dev/null || true
}
# wait_log waits (at most secs) for a line matching pattern to be on file
# more than n times.
wait_log() { # file pattern what secs [n]
	local file=$1 pat=$2 what=$3 secs=$4 n=${5:-0} i c
	for ((i = 0; i < secs * 5; i++)); do
		c=$(count "$file" "$pat")
		((${c:-0} > n)) && return 0
		sleep 0.2
	done
	echo "lan-windows: FAIL: no \"$what\" on ${file##*/} after $secs s; the logs:" >&2
	dump_logs
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
# pixel is the colour of a shot at x,y: "R G B", 0 to 255.
pixel() { # png x y
	convert "$1" -format "%[fx:int(255*p{$2,$3}.r)] %[fx:int(255*p{$2,$3}.g)] %[fx:int(255*p{$2,$3}.b)]" info:
}
# banner tells whether a shot of the host's window has the hosting banner
# at its top: a green line (every tablet connected) or an orange or red
# one (a seat away), not the grey of the bar.
banner() { # png
	local r g b
	read -r r g b <<<"$(pixel "$1" 640 30)"
	((r > g + 25 && r > b + 20)) || ((g > r + 15 && g > b + 10))
}
# primary tells whether a shot has a button of the theme's primary colour
# (orange) at x,y.
primary() { # png x y
	local r g b
	read -r r g b <<<"$(pixel "$@")"
	((r > 200 && g > 120 && b < 90))
}
# await_shot shoots display into png until test (a function given png and
# args) holds, at most secs: a busy machine draws late.
await_shot() { # display png secs test args...
	local disp=$1 png=$2 secs=$3 i
	shift 3
	for ((i = 0; i < secs * 2; i++)); do
		DISPLAY=:$disp import -window root "$png"
		"$1" "$png" "${@:2}" && return 0
		sleep 0.5
	done
	return 1
}
click() { # display x y
	DISPLAY=:$1 xdotool mousemove "$2" "$3" sleep 0.2 click 1
	sleep 1
}
stop_all() {
	local p
	for n in host guest; do
		[[ -f $tmp/$n.pid ]] && kill "$(cat "$tmp/$n.pid")" 2>/dev/null
	done
	wait 2>/dev/null || true
	# xvfb-run stops its Xvfb when the app ends, but not when it is
	# killed itself: stop every Xvfb started here still running.
	for p in "${xvfbs[@]}"; do
		grep -q Xvfb "/proc/$p/cmdline" 2>/dev/null && kill "$p" 2>/dev/null
	done
	cp "$tmp"/host-*.log "$tmp"/guest.log "$shots/" 2>/dev/null || true
}
trap stop_all EXIT

link="link to the host of game $id"
t0=$SECONDS

echo "lan-windows: the host window hosts game $id keeping alice" >&2
run=0
run_app host "$tmp/host-$run.log" COMMANDCONSOLE_HOST="$id@alice" COMMANDCONSOLE_PIN=2468
hd=$disp
wait_log "$tmp/host-$run.log" "hosting game $id as alice" "hosting game $id as alice" 30
line=$(grep "hosting game $id" "$tmp/host-$run.log")
fp=$(sed -n 's/.*fingerprint \([0-9A-Z-]*\),.*/\1/p' <<<"$line")
echo "lan-windows: $line" >&2

echo "lan-windows: the guest window looks for it nearby (mDNS) and joins as bob" >&2
run_app guest "$tmp/guest.log" COMMANDCONSOLE_JOIN="nearby:$id@bob" COMMANDCONSOLE_PIN=2468 COMMANDCONSOLE_FINGERPRINT="$fp"
gd=$disp
wait_log "$tmp/guest.log" "found game $id nearby at" "found game $id nearby" 40
grep "found game $id nearby" "$tmp/guest.log" >&2
wait_log "$tmp/guest.log" "joined game $id as bob" "joined game $id as bob" 30
sleep 2 # let both draw
shoot "$hd" "$shots/0-host-hosting.png"
shoot "$gd" "$shots/0-guest-joined.png"
echo "lan-windows: joined after $((SECONDS - t0)) s" >&2

for round in 1 2; do
	echo "lan-windows: kill -9 the host app ($round of 2)" >&2
	down=$(count "$tmp/guest.log" "$link: reconnecting")
	up=$(count "$tmp/guest.log" "$link: up")
	kill -9 "$(cat "$tmp/host.pid")"
	wait "${xpid[host]}" 2>/dev/null || true
	wait_log "$tmp/guest.log" "$link: reconnecting" "$link: reconnecting" 20 "$down"
	grep "$link" "$tmp/guest.log" | tail -1 >&2
	sleep 1 # let the banner draw
	shoot "$gd" "$shots/$round-guest-host-killed.png"
	run=$round
	echo "lan-windows: the host app starts again on its save with COMMANDCONSOLE_HOST=$id (no seat)" >&2
	run_app host "$tmp/host-$run.log" COMMANDCONSOLE_HOST="$id"
	hd=$disp
	wait_log "$tmp/host-$run.log" "hosting game $id as alice" "hosting game $id as alice" 30
	wait_log "$tmp/guest.log" "$link: up" "$link: up (the guest back by itself)" 30 "$up"
	echo "lan-windows: the guest is back after $((SECONDS - t0)) s" >&2
	sleep 1
	shoot "$hd" "$shots/$round-host-restarted.png"
	shoot "$gd" "$shots/$round-guest-back.png"
done

echo "lan-windows: the host leaves to the home screen in its window" >&2
paused=$(count "$tmp/guest.log" "$link: reconnecting (paused)")
up=$(count "$tmp/guest.log" "$link: up")
# The host window shows the game (after a restart) or the host panel
# (whose Back goes to the game). In the game, the hosting banner is the
# top line (reddish), the game's menu under it at the left; the menu's
# last entry is "Leave to the home screen (the game is saved)", which asks
# "Leave and pause the game?".
if ! await_shot "$hd" "$shots/3-host-before.png" 3 banner; then
	click "$hd" 60 44 # the panel's Back
fi
if ! await_shot "$hd" "$shots/3-host-game.png" 10 banner; then
	echo "lan-windows: FAIL: the host window does not show the game under the hosting banner: see $shots/3-host-game.png" >&2
	exit 1
fi
click "$hd" 30 116
shoot "$hd" "$shots/3-host-menu.png"
# The menu is a list of large entries under the menu button, the leaving
# the last one (at the bottom left, for this game at 1280x800); in the
# dialog then, Tab goes to its first button (the dismissing one) and Tab
# again to the confirming one, which Space taps.
click "$hd" 215 636
sleep 1
shoot "$hd" "$shots/3-host-leave-asked.png"
DISPLAY=:$hd xdotool key Tab sleep 0.2 key Tab sleep 0.2 key space
wait_log "$tmp/guest.log" "$link: reconnecting (paused)" "$link: reconnecting (paused)" 20 "$paused"
grep "$link" "$tmp/guest.log" | tail -1 >&2
sleep 1
shoot "$gd" "$shots/3-guest-paused.png"

echo "lan-windows: the host taps Resume hosting on its Continue tile" >&2
shown=$(count "$tmp/host-$run.log" "showing game $id as")
# The Continue tile's first button, at the top right of the home screen.
if ! await_shot "$hd" "$shots/3-host-home.png" 10 primary 40 335; then
	echo "lan-windows: FAIL: no Resume hosting button under the first Continue tile of the host's home screen: see $shots/3-host-home.png" >&2
	dump_logs
	exit 1
fi
click "$hd" 220 335
wait_log "$tmp/host-$run.log" "showing game $id as" "showing game $id as … (the resumed game)" 20 "$shown"
wait_log "$tmp/guest.log" "$link: up" "$link: up (the guest back by itself after the pause)" 30 "$up"
grep "$link" "$tmp/guest.log" | tail -1 >&2
echo "lan-windows: the guest is back after $((SECONDS - t0)) s" >&2
sleep 2 # let both draw

# No screen of the other side, on either tablet, at any time.
check_seat() { # log seat
	local shown bad
	shown=$(grep "showing game" "$1" || true)
	if [[ -z $shown ]]; then
		echo "lan-windows: FAIL: ${1##*/} shows no game at all" >&2
		return 1
	fi
	bad=$(grep -v "showing game $id as $2\$" <<<"$shown" || true)
	if [[ -n $bad ]]; then
		echo "lan-windows: FAIL: ${1##*/} showed a screen other than $2's:" >&2
		echo "$bad" >&2
		return 1
	fi
	echo "lan-windows: ${1##*/}: $(wc -l <<<"$shown") game screens, every one as $2" >&2
}
fail=0
for f in "$tmp"/host-*.log; do
	check_seat "$f" alice || fail=1
done
check_seat "$tmp/guest.log" bob || fail=1
if grep "$link: closed" "$tmp/guest.log" >&2; then
	echo "lan-windows: FAIL: the guest's link closed" >&2
	fail=1
fi
echo "lan-windows: the guest's link, all along:" >&2
grep "$link" "$tmp/guest.log" | sed 's/^[0-9/]* [0-9:]* commandconsole: link to the host of game [^:]*: /  /' >&2
if ((fail)); then
	dump_logs
	exit 1
fi
shoot "$hd" "$hostpng"
shoot "$gd" "$guestpng"
echo "lan-windows: two windows, one game over mDNS, the host killed twice and paused once: host always alice, guest always bob and back by itself each time ($((SECONDS - t0)) s)" >&2
