#!/usr/bin/env bash
# Smoke-test the real Command Console binary: build it, start it under Xvfb
# with an empty temporary HOME (so it opens a fresh save file), wait for its
# window, take a screenshot of the whole screen, stop it, and fail when the
# screenshot is blank.
#
#   .ci/screenshot.sh OUT.png
#   .ci/screenshot.sh OUT.png SCRIPT.jsonl SEAT
#
# With a script, ccctl first plays it into the temporary save file and the
# app opens that game at start as SEAT (COMMANDCONSOLE_OPEN=ID@SEAT); the
# check then also fails unless the app's log says the game's screen was
# shown (an error dialog instead fails).
#
# Needs: go, a C compiler and the X11/GL headers for Fyne (see README),
# xvfb-run (xvfb), xwininfo (x11-utils) and import/identify (imagemagick).
# As root with apt-get and any of the last three missing, it installs them.
set -euo pipefail

out=${1:?usage: .ci/screenshot.sh OUT.png [SCRIPT.jsonl SEAT]}
script=${2:-}
seat=${3:-}
if [[ -n $script ]]; then
	case $script in /*) ;; *) script=$PWD/$script ;; esac
	[[ -n $seat ]] || { echo "screenshot: a script needs the seat to open the game as" >&2; exit 2; }
fi
case $out in /*) ;; *) out=$PWD/$out ;; esac
repo=$(cd "$(dirname "$0")/.." && pwd)
size=${SCREEN_SIZE:-1280x800}

need=()
command -v xvfb-run >/dev/null || need+=(xvfb)
command -v xwininfo >/dev/null || need+=(x11-utils)
{ command -v import >/dev/null && command -v identify >/dev/null; } || need+=(imagemagick)
if ((${#need[@]})); then
	if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
		echo "screenshot: installing ${need[*]}" >&2
		apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
	else
		echo "screenshot: missing tools; install: ${need[*]}" >&2
		exit 2
	fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "screenshot: building" >&2
(cd "$repo" && go build -o "$tmp/commandconsole" ./cmd/commandconsole)

mkdir -p "$tmp/home"
db=
open=
if [[ -n $script ]]; then
	echo "screenshot: playing $script into a new save file" >&2
	(cd "$repo" && go build -o "$tmp/ccctl" ./cmd/ccctl)
	db=$tmp/home/saves.db
	id=$("$tmp/ccctl" --db "$db" script "$script" | sed -n 's/^  "id": "\(.*\)",$/\1/p' | head -1)
	[[ -n $id ]] || { echo "screenshot: ccctl script gave no game id" >&2; exit 1; }
	open=$id@$seat
fi
cat >"$tmp/run.sh" <<'INNER'
#!/usr/bin/env bash
# Runs inside xvfb-run: start the app, wait for its window, shoot, stop.
set -u
bin=$1 out=$2 log=$3
"$bin" >"$log" 2>&1 &
pid=$!
found=
for _ in $(seq 1 100); do
	if ! kill -0 "$pid" 2>/dev/null; then
		echo "screenshot: the app exited early:" >&2
		cat "$log" >&2
		exit 1
	fi
	if xwininfo -root -tree 2>/dev/null | grep -q '"Command Console"'; then
		found=1
		break
	fi
	sleep 0.2
done
if [[ -z $found ]]; then
	echo "screenshot: no \"Command Console\" window after 20 s" >&2
	kill "$pid" 2>/dev/null
	exit 1
fi
sleep 3 # let it draw its first frames
import -window root "$out"
status=$?
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exit $status
INNER
chmod +x "$tmp/run.sh"

echo "screenshot: running under Xvfb at $size" >&2
env -u WAYLAND_DISPLAY HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" COMMANDCONSOLE_DB="$db" COMMANDCONSOLE_OPEN="$open" \
	LANG=C.UTF-8 xvfb-run -a -s "-screen 0 ${size}x24" "$tmp/run.sh" "$tmp/commandconsole" "$out" "$tmp/app.log"

if [[ -n $open ]]; then
	if ! grep -q "opened game ${open%@*} as ${open#*@}" "$tmp/app.log"; then
		echo "screenshot: the app did not show game $open; its log:" >&2
		cat "$tmp/app.log" >&2
		exit 1
	fi
fi

colours=$(identify -format '%k' "$out")
deviation=$(identify -format '%[fx:standard_deviation]' "$out")
echo "screenshot: $out: $(identify -format '%wx%h' "$out"), $colours colours, standard deviation $deviation" >&2
if ((colours <= 10)) || awk -v d="$deviation" 'BEGIN { exit !(d < 0.02) }'; then
	echo "screenshot: $out looks blank" >&2
	exit 1
fi
