#!/usr/bin/env bash
# Builds dist/commandconsole-<version>.apk for android/arm64 with
# `go tool fyne package`, from FyneApp.toml and cmd/commandconsole's
# AndroidManifest.xml; `make apk` runs it after `.ci/install-deps --android`.
#
# With ANDROID_NDK_HOME pointing at a real Android NDK it builds with that
# (ANDROID_HOME: an Android SDK with build-tools and a platform; when unset,
# Debian's build-tools and framework-res stand in). Without one it prepares
# the STAND-IN toolchain of tools/android/standin-ndk.sh and says plainly
# that the result is a build check that has not run on a device.
#
# The library is stripped and linked with 16 KB pages; the APK is zipaligned
# (-p 4) and signed with apksigner (v1, v2, v3) with a debug key made with
# keytool on first use, outside the repository:
#   COMMANDCONSOLE_KEYSTORE       default ~/.config/commandconsole/debug.keystore
#   COMMANDCONSOLE_KEY_ALIAS      default commandconsole-debug
#   COMMANDCONSOLE_KEYSTORE_PASS  default "android" (the debug key's password)
# Set the three to sign with a release key instead.
#   ANDROID_STANDIN_DIR           where the stand-in goes (default
#                                 ~/.cache/commandconsole/android-standin)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
export PATH="$PATH:/usr/local/go/bin"
start=$(date +%s)
say() { echo "build-apk: $*"; }
die() { echo "build-apk: $*" >&2; exit 1; }

# --- what FyneApp.toml says ([Details]: Name, ID, Version, Build, Icon)
toml_get() {
  sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*\"\{0,1\}\([^\"]*\)\"\{0,1\}[[:space:]]*$/\1/p" FyneApp.toml | head -n1
}
name=$(toml_get Name); app_id=$(toml_get ID); version=$(toml_get Version); build=$(toml_get Build); icon=$(toml_get Icon)
for v in name app_id version build icon; do
  [ -n "${!v}" ] || die "FyneApp.toml: no value for $v"
done
main_dir=cmd/commandconsole
lib_name=${name// /_} # fyne's library name for the app name
grep -q "android:value=\"$lib_name\"" "$main_dir/AndroidManifest.xml" ||
  die "$main_dir/AndroidManifest.xml: android.app.lib_name must be \"$lib_name\" (from FyneApp.toml's Name)"
grep -q "package=\"$app_id\"" "$main_dir/AndroidManifest.xml" ||
  die "$main_dir/AndroidManifest.xml: package must be \"$app_id\" (FyneApp.toml's ID)"

# --- toolchain: the real NDK, or the stand-in
tags=()
if [ -n "${ANDROID_NDK_HOME:-}" ]; then
  [ -d "$ANDROID_NDK_HOME/toolchains/llvm/prebuilt" ] || die "ANDROID_NDK_HOME=$ANDROID_NDK_HOME is not an Android NDK (no toolchains/llvm/prebuilt)"
  mode=ndk
  say "building with the Android NDK at $ANDROID_NDK_HOME"
  if [ -z "${ANDROID_HOME:-}" ]; then
    standin=${ANDROID_STANDIN_DIR:-$HOME/.cache/commandconsole/android-standin}
    tools/android/standin-ndk.sh "$standin"
    export ANDROID_HOME=$standin/sdk
    say "ANDROID_HOME unset: Debian's build-tools and framework-res stand in for the SDK ($ANDROID_HOME)"
  fi
else
  mode=standin
  standin=${ANDROID_STANDIN_DIR:-$HOME/.cache/commandconsole/android-standin}
  tools/android/standin-ndk.sh "$standin"
  export ANDROID_NDK_HOME=$standin/ndk ANDROID_HOME=$standin/sdk GOCACHE=$standin/gocache
  # net's cgo resolver does not compile against glibc's getnameinfo declaration
  tags=(--tags netgo)
  say "no ANDROID_NDK_HOME: building with the STAND-IN toolchain from Debian packages ($standin)"
fi

# Tools for the finishing steps: the NDK's or SDK's when there, else Debian's.
find_tool() {
  local t=$1 d
  for d in "$ANDROID_NDK_HOME/toolchains/llvm/prebuilt/linux-x86_64/bin" "${ANDROID_HOME:-/nonexistent}"/build-tools/*; do
    if [ -x "$d/$t" ]; then echo "$d/$t"; return; fi
  done
  command -v "$t" || die "$t not found: run .ci/install-deps --android"
}
strip_tool=$(find_tool llvm-strip)
zipalign=$(find_tool zipalign)
apksigner=$(find_tool apksigner)
command -v keytool >/dev/null 2>&1 || die "keytool not found: run .ci/install-deps --android"
command -v zip >/dev/null 2>&1 || die "zip not found: run .ci/install-deps --android"

# --- fyne package, from the main package's directory (fyne's mobile build
# takes no source-dir). Name, ID, version and build are passed as flags so
# that fyne neither needs a FyneApp.toml there nor bumps Build in ours.
work=$(mktemp -d)
created_fg=
cleanup() {
  rm -rf "$work"
  rm -f "$root/$main_dir/$lib_name.apk"
  if [ -n "$created_fg" ]; then rm -f "$root/$main_dir/Icon-foreground.png"; fi
}
trap cleanup EXIT
# The adaptive-icon layer makes fyne compile the manifest with aapt2, the path
# that honours its <uses-sdk> (min SDK 23) and android:icon.
if [ ! -e "$main_dir/Icon-foreground.png" ]; then
  cp "$icon" "$main_dir/Icon-foreground.png"
  created_fg=1
fi
rm -f "$main_dir/$lib_name.apk"
say "go tool fyne package -os android/arm64 (app $app_id $version build $build)"
(
  cd "$main_dir"
  # -w: no DWARF; the symbol table goes after packaging (fyne reads it with
  # llvm-nm to check the library uses its mobile driver, so -s cannot be
  # used here). -checklinkname=0: github.com/wlynxg/anet links to a net
  # internal, as make android-check allows too.
  GOFLAGS="${GOFLAGS:-} '-ldflags=-w -checklinkname=0'" \
  CGO_LDFLAGS="${CGO_LDFLAGS:-} -Wl,-z,max-page-size=16384" \
    go tool fyne package -os android/arm64 --name "$name" --app-id "$app_id" \
      --app-version "$version" --app-build "$build" --icon "$root/$icon" "${tags[@]}"
)
built=$(( $(date +%s) - start ))
mv "$main_dir/$lib_name.apk" "$work/fyne.apk"

# --- strip the library, drop fyne's v1-only signature, align, sign v1+v2+v3
so=lib/arm64-v8a/lib$lib_name.so
(cd "$work" && unzip -q fyne.apk "$so")
before=$(stat -c %s "$work/$so")
"$strip_tool" --strip-all "$work/$so"
say "stripped $so: $before -> $(stat -c %s "$work/$so") bytes"
(cd "$work" && zip -q -0 -X fyne.apk "$so" && zip -q -d fyne.apk 'META-INF/*')
"$zipalign" -f -p 4 "$work/fyne.apk" "$work/aligned.apk"

keystore=${COMMANDCONSOLE_KEYSTORE:-$HOME/.config/commandconsole/debug.keystore}
alias=${COMMANDCONSOLE_KEY_ALIAS:-commandconsole-debug}
export COMMANDCONSOLE_KEYSTORE_PASS=${COMMANDCONSOLE_KEYSTORE_PASS:-android}
if [ ! -f "$keystore" ]; then
  say "no signing key: making a debug key in $keystore (outside the repository)"
  mkdir -p "$(dirname "$keystore")"
  keytool -genkeypair -keystore "$keystore" -alias "$alias" -keyalg RSA -keysize 2048 -validity 10000 \
    -storepass:env COMMANDCONSOLE_KEYSTORE_PASS -keypass:env COMMANDCONSOLE_KEYSTORE_PASS \
    -dname "CN=Command Console debug, O=Command Console" >/dev/null 2>&1 || die "keytool could not make $keystore"
fi
mkdir -p dist
out=dist/commandconsole-$version.apk
rm -f "$out"
"$apksigner" sign --ks "$keystore" --ks-key-alias "$alias" --ks-pass env:COMMANDCONSOLE_KEYSTORE_PASS \
  --v1-signing-enabled true --v2-signing-enabled true --v3-signing-enabled true \
  --out "$out" "$work/aligned.apk"
rm -f "$out.idsig"
"$apksigner" verify "$out" || die "apksigner verify failed on $out"

size=$(stat -c %s "$out")
echo
say "$out: $size bytes ($(( (size + 524288) / 1048576 )) MB), built in ${built}s, $(( $(date +%s) - start ))s in all"
if [ "$mode" = standin ]; then
  cat <<EOF
build-apk: NOTE: this APK was built WITHOUT the Android NDK, with a stand-in
  toolchain from Debian packages (glibc's arm64 headers in place of bionic's,
  an ABI shim for errno and sigaction, the netgo resolver). It is a BUILD
  CHECK of packaging, signing and linking: it HAS NOT RUN ON A DEVICE, and it
  is not a release. For a release, on a machine with the Android NDK (r23 or
  newer) and SDK:
      ANDROID_NDK_HOME=/path/to/ndk ANDROID_HOME=/path/to/sdk make apk
  with COMMANDCONSOLE_KEYSTORE, COMMANDCONSOLE_KEY_ALIAS and
  COMMANDCONSOLE_KEYSTORE_PASS naming the release key.
EOF
else
  say "built with the Android NDK at $ANDROID_NDK_HOME; signed with $keystore"
fi
