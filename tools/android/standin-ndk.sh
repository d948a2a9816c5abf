#!/usr/bin/env bash
# Prepares a STAND-IN for the Android NDK and SDK out of Debian packages, so
# that `fyne package -os android/arm64` can cross-compile and link Command
# Console's c-shared library on a machine where the real NDK cannot be had.
#
#   tools/android/standin-ndk.sh DIR
#
# DIR gets:
#   ndk/toolchains/llvm/prebuilt/linux-x86_64/bin/   clang wrappers (ANDROID_NDK_HOME=DIR/ndk)
#   ndk/standin/include, ndk/standin/lib              headers, stub libraries, ABI shim
#   sdk/build-tools/29.0.3, sdk/platforms/android-29  Debian's build-tools and
#                                                     framework-res.apk (ANDROID_HOME=DIR/sdk)
#   gocache/                                          the Go build cache to use with it
#   stamp                                             a hash of this script
# DIR is rebuilt from scratch, Go cache included, whenever this script changes:
# Go's build cache does not notice changes inside the compiler wrappers.
#
# An APK built with this is a PACKAGING AND LINKING CHECK: glibc's aarch64
# headers stand in for bionic's, and the result has not been run on a device.
# A release is built with the real NDK (ANDROID_NDK_HOME=... make apk).
# The facts this follows are in shared/reference/android/RECIPE.md.
#
# Needs the Debian packages that `.ci/install-deps --android` installs.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir=$1
api=23 # the minimum SDK: bionic exports stderr from API 23 on

self_hash=$(sha256sum "$0" | cut -c1-16)
if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$self_hash" ]; then
  exit 0
fi

for tool in clang ld.lld llvm-nm; do
  command -v "$tool" >/dev/null 2>&1 || { echo "standin-ndk: $tool not found: run .ci/install-deps --android" >&2; exit 1; }
done
for f in /usr/aarch64-linux-gnu/include/stdio.h /usr/include/android/android/native_activity.h \
         /usr/include/android/nativehelper/jni.h /usr/include/android/android/log.h \
         /usr/include/EGL/egl.h /usr/include/GLES2/gl2.h \
         /usr/lib/android-sdk/build-tools/29.0.3/aapt2 /usr/share/android-framework-res/framework-res.apk; do
  [ -e "$f" ] || { echo "standin-ndk: $f missing: run .ci/install-deps --android" >&2; exit 1; }
done

echo "standin-ndk: preparing the stand-in NDK in $dir (Debian's clang $(clang -dumpversion), glibc's arm64 headers)"
rm -rf "$dir"
bin=$dir/ndk/toolchains/llvm/prebuilt/linux-x86_64/bin
inc=$dir/ndk/standin/include
lib=$dir/ndk/standin/lib
mkdir -p "$bin" "$inc/android" "$lib" "$dir/sdk/build-tools" "$dir/sdk/platforms/android-29" "$dir/gocache"
resource_include=$(clang -print-resource-dir)/include

# --- headers: Debian's Android headers, linked one by one so that the
# missing native_window.h and rect.h can sit beside them.
for h in /usr/include/android/android/*.h; do ln -s "$h" "$inc/android/"; done
ln -s /usr/include/android/nativehelper/jni.h "$inc/jni.h"
ln -s /usr/include/EGL "$inc/EGL"
ln -s /usr/include/GLES2 "$inc/GLES2"
ln -s /usr/include/KHR "$inc/KHR"

cat >"$inc/android/rect.h" <<'EOF'
/* Stand-in for the NDK's android/rect.h (not packaged in Debian). */
#ifndef ANDROID_RECT_H
#define ANDROID_RECT_H
#include <stdint.h>
typedef struct ARect { int32_t left, top, right, bottom; } ARect;
#endif
EOF

cat >"$inc/android/native_window.h" <<'EOF'
/* Stand-in for the NDK's android/native_window.h (not packaged in Debian):
   the declarations Fyne's mobile driver uses, as the NDK declares them. */
#ifndef ANDROID_NATIVE_WINDOW_H
#define ANDROID_NATIVE_WINDOW_H
#include <stdint.h>
#include <android/rect.h>
#ifdef __cplusplus
extern "C" {
#endif
enum ANativeWindow_LegacyFormat {
  WINDOW_FORMAT_RGBA_8888 = 1,
  WINDOW_FORMAT_RGBX_8888 = 2,
  WINDOW_FORMAT_RGB_565 = 4,
};
struct ANativeWindow;
typedef struct ANativeWindow ANativeWindow;
typedef struct ANativeWindow_Buffer {
  int32_t width;
  int32_t height;
  int32_t stride;
  int32_t format;
  void *bits;
  uint32_t reserved[6];
} ANativeWindow_Buffer;
void ANativeWindow_acquire(ANativeWindow *window);
void ANativeWindow_release(ANativeWindow *window);
int32_t ANativeWindow_getWidth(ANativeWindow *window);
int32_t ANativeWindow_getHeight(ANativeWindow *window);
int32_t ANativeWindow_getFormat(ANativeWindow *window);
int32_t ANativeWindow_setBuffersGeometry(ANativeWindow *window, int32_t width, int32_t height, int32_t format);
int32_t ANativeWindow_lock(ANativeWindow *window, ANativeWindow_Buffer *outBuffer, ARect *inOutDirtyBounds);
int32_t ANativeWindow_unlockAndPost(ANativeWindow *window);
#ifdef __cplusplus
}
#endif
#endif
EOF

# android/api-level.h (from bionic, not packaged): github.com/wlynxg/anet
# calls android_get_device_api_level(), which bionic defines inline for
# API levels below 29, as here.
cat >"$inc/android/api-level.h" <<'EOF'
/* Stand-in for bionic's android/api-level.h. */
#ifndef ANDROID_API_LEVEL_H
#define ANDROID_API_LEVEL_H
#include <stdlib.h>
#define __ANDROID_API_FUTURE__ 10000
#ifndef __ANDROID_API__
#define __ANDROID_API__ __ANDROID_API_FUTURE__
#endif
#define __ANDROID_API_M__ 23
#define __ANDROID_API_N__ 24
#define __ANDROID_API_O__ 26
#define __ANDROID_API_P__ 28
#define __ANDROID_API_Q__ 29
int __system_property_get(const char *name, char *value);
static __inline int android_get_device_api_level(void) {
  char value[92] = {0};
  if (__system_property_get("ro.build.version.sdk", value) < 1) return -1;
  int api_level = atoi(value);
  return api_level > 0 ? api_level : -1;
}
#endif
EOF

# The prelude, force-included in every C compilation. Guarded so that the
# assembler files of runtime/cgo, which go through the same preprocessor,
# skip it (C typedefs break them).
cat >"$inc/standin-prelude.h" <<'EOF'
#ifndef STANDIN_PRELUDE_H
#define STANDIN_PRELUDE_H
#ifndef __ASSEMBLER__
/* runtime/cgo compiles with -Werror and needs pthread_getattr_np, setresuid
   and setresgid declared; "1" as net/cgo_unix_cgo.go defines it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#ifndef _LARGEFILE64_SOURCE
#define _LARGEFILE64_SOURCE 1
#endif
/* bionic's <stdlib.h> and <sys/types.h> bring in <stdint.h>, and cgo code
   written against them (go-locale) uses uintptr_t without including it. */
#include <stdint.h>
/* Fyne's android.c calls remove() with no <stdio.h>, which a bionic header
   brings in; declare it rather than leave an implicit declaration. */
#include <stdio.h>
/* bionic's annotations, used by Debian's Android headers */
#define __RENAME_IF_FILE_OFFSET64(x)
#define __INTRODUCED_IN(x)
#define __REMOVED_IN(x)
#endif
#endif
EOF

# --- compiler wrappers
cat >"$bin/aarch64-linux-android$api-clang" <<EOF
#!/usr/bin/env bash
# Stand-in NDK compiler made by tools/android/standin-ndk.sh: Debian's clang
# for aarch64-linux-android$api with glibc's arm64 headers standing in for
# bionic's, and stub libraries that only record the NEEDED entries.
set -euo pipefail
driver=\${STANDIN_CLANG_DRIVER:-clang}
common=(--target=aarch64-linux-android$api -fuse-ld=lld -mno-outline-atomics -Qunused-arguments -nostdinc
        -isystem "$resource_include" -isystem "$inc" -isystem /usr/aarch64-linux-gnu/include)
link=1
for a in "\$@"; do
  case \$a in -c|-S|-E|-M|-MM) link= ;; esac
done
if [ -z "\$link" ]; then
  exec "\$driver" "\${common[@]}" -include "$inc/standin-prelude.h" "\$@"
fi
exec "\$driver" "\${common[@]}" -include "$inc/standin-prelude.h" -nostdlib -L"$lib" "\$@" \
  -lstandin-abi -lc -ldl -lm
EOF
cat >"$bin/aarch64-linux-android$api-clang++" <<EOF
#!/usr/bin/env bash
set -euo pipefail
STANDIN_CLANG_DRIVER=clang++ exec "$bin/aarch64-linux-android$api-clang" "\$@"
EOF
# fyne checks that a compiler exists for every architecture: these fail.
for t in armv7a-linux-androideabi16 i686-linux-android16 x86_64-linux-android21; do
  for suffix in clang clang++; do
    cat >"$bin/$t-$suffix" <<EOF
#!/bin/sh
echo "stand-in NDK: only arm64 is supported here ($t-$suffix called); use the real NDK" >&2
exit 1
EOF
  done
done
ln -s "$(command -v llvm-nm)" "$bin/llvm-nm"
chmod +x "$bin"/*-clang "$bin"/*-clang++

# --- stub libraries: empty shared objects with the right sonames, so the
# linker records NEEDED entries; the device supplies the real ones.
empty=$dir/ndk/standin/empty.c
echo 'void standin_empty(void);' >"$empty"
for l in c dl m log android EGL GLESv2; do
  clang --target=aarch64-linux-android$api -fuse-ld=lld -nostdlib -shared \
    -Wl,-soname,lib$l.so -o "$lib/lib$l.so" "$empty"
done

# --- the ABI shim, for the glibc/bionic differences Go's runtime reaches
# through cgo. Hidden, so the app's .so does not export these names.
cat >"$dir/ndk/standin/abi-shim.c" <<'EOF'
/* glibc's headers name errno __errno_location(); bionic's is __errno(). */
extern int *__errno(void);
__attribute__((visibility("hidden"))) int *__errno_location(void) { return __errno(); }

/* struct sigaction on aarch64: glibc has handler, 128-byte mask, int flags,
   restorer; bionic (LP64) has int flags, handler, 64-bit mask, restorer.
   runtime/cgo's x_cgo_sigaction fills glibc's; translate both ways and call
   the real sigaction. */
struct glibc_sigaction {
  void *handler;
  unsigned long mask[16];
  int flags;
  void (*restorer)(void);
};
struct bionic_sigaction {
  int flags;
  void *handler;
  unsigned long mask;
  void (*restorer)(void);
};
extern void *dlsym(void *handle, const char *symbol);
#define STANDIN_RTLD_DEFAULT ((void *)0)
typedef int (*sigaction_fn)(int, const struct bionic_sigaction *, struct bionic_sigaction *);

__attribute__((visibility("hidden"))) int sigaction(int sig, const struct glibc_sigaction *act,
                                                     struct glibc_sigaction *oldact) {
  static sigaction_fn real;
  struct bionic_sigaction bact, bold;
  int i, ret;
  if (!real) real = (sigaction_fn)dlsym(STANDIN_RTLD_DEFAULT, "sigaction");
  if (!real) return -1;
  if (act) {
    bact.flags = act->flags;
    bact.handler = act->handler;
    bact.mask = act->mask[0];
    bact.restorer = act->restorer;
  }
  ret = real(sig, act ? &bact : 0, oldact ? &bold : 0);
  if (ret == 0 && oldact) {
    oldact->handler = bold.handler;
    oldact->mask[0] = bold.mask;
    for (i = 1; i < 16; i++) oldact->mask[i] = 0;
    oldact->flags = bold.flags;
    oldact->restorer = bold.restorer;
  }
  return ret;
}
EOF
clang --target=aarch64-linux-android$api -mno-outline-atomics -nostdinc -isystem "$resource_include" \
  -fPIC -O2 -c -o "$dir/ndk/standin/abi-shim.o" "$dir/ndk/standin/abi-shim.c"
llvm-ar rcs "$lib/libstandin-abi.a" "$dir/ndk/standin/abi-shim.o"

# --- the SDK: Debian's build-tools, and framework-res.apk as android.jar
# (a real directory: fyne looks for a version subdirectory with
# os.ReadDir, which does not follow a symbolic link to one)
mkdir "$dir/sdk/build-tools/29.0.3"
for f in /usr/lib/android-sdk/build-tools/29.0.3/*; do ln -s "$f" "$dir/sdk/build-tools/29.0.3/"; done
ln -s /usr/share/android-framework-res/framework-res.apk "$dir/sdk/platforms/android-29/android.jar"

echo "$self_hash" >"$dir/stamp"
echo "standin-ndk: ready (ANDROID_NDK_HOME=$dir/ndk ANDROID_HOME=$dir/sdk GOCACHE=$dir/gocache)"
