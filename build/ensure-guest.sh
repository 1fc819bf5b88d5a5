#!/usr/bin/env bash
# Build step (integration-tests, phase process-test-resources; skipped with -DskipTests) and the
# first step of `bin/blink bench real-sleep`: what the real-kernel guests of the lab need.
#  - Debian packages: qemu-system-x86 (the guests), busybox-static (their init), e2fsprogs
#    (mke2fs -d builds their disks), iproute2 (one tap device per guest);
#  - Debian's own kernel, the package linux-image-amd64 depends on, downloaded with
#    `apt-get download` and unpacked into the cache (vmlinuz + lib/modules), once per machine.
# Installs only what is missing, and says so. Prints the kernel directory on its last line.
# Cache: $BLINK_GUEST_CACHE, default ~/.cache/blinkhdfs/guest.
set -euo pipefail

say() { echo "[BlinkHDFS build] $*" >&2; }
cache="${BLINK_GUEST_CACHE:-$HOME/.cache/blinkhdfs/guest}"

missing=()
command -v qemu-system-x86_64 >/dev/null 2>&1 || missing+=(qemu-system-x86)
[ -x /bin/busybox ] && /bin/busybox --list >/dev/null 2>&1 \
  && ! ldd /bin/busybox >/dev/null 2>&1 || missing+=(busybox-static)
command -v mke2fs >/dev/null 2>&1 || missing+=(e2fsprogs)
command -v ip >/dev/null 2>&1 || missing+=(iproute2)
if [ ${#missing[@]} -gt 0 ]; then
  say "the real-kernel guests need ${missing[*]}: installing Debian's packages (apt-get, once per machine)"
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "cannot install them here (needs root and apt-get): apt-get install --no-install-recommends ${missing[*]}, or skip tests with -DskipTests"
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 \
    || { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
         --no-install-recommends "${missing[@]}" >&2; }
fi

pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-/{print $2; exit}' || true)
if [ -z "$pkg" ]; then
  apt-get update -q >&2
  pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-/{print $2; exit}')
fi
if [ -z "$pkg" ]; then
  say "apt-cache knows no linux-image-amd64 dependency: is this Debian (or a derivative) on amd64?"
  exit 1
fi
kver="${pkg#linux-image-}"
dir="$cache/$kver"
if [ ! -f "$dir/vmlinuz" ] || [ ! -d "$dir/modules/kernel" ]; then
  say "the guests boot Debian's kernel $kver: downloading $pkg into $cache (about 70 MB, once)"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && apt-get download "$pkg" >/dev/null 2>&1) \
    || (cd "$tmp" && apt-get update -q >&2 && apt-get download "$pkg" >&2)
  dpkg-deb -x "$tmp"/*.deb "$tmp/x"
  mkdir -p "$dir.partial"
  cp "$tmp/x/boot/vmlinuz-$kver" "$dir.partial/vmlinuz"
  cp -r "$tmp/x/lib/modules/$kver" "$dir.partial/modules"
  rm -rf "$dir"
  mv "$dir.partial" "$dir"
fi
echo "$dir"
