#!/usr/bin/env bash
# Builds the two files every lab guest boots from (GuestImages runs it; the output is cached):
#  $out/initramfs.gz  busybox (static), the kernel modules listed in $modules (in load order) and
#                     guest-init.sh as /init: it loads them, brings eth0 up, mounts the disks and
#                     runs the guest's /lab/run.sh in a chroot;
#  $out/root.img      a read-only ext4 disk: the host's JDK with the libraries it links, busybox,
#                     a minimal /etc, and every jar of the classpath under /cp at its host path
#                     (/cp/tmp/x.jar for /tmp/x.jar: the guest's /tmp is RAM and would hide it).
# Why disks and not the host's root over 9p: virtio-9p does not survive an S3 cycle in QEMU (no
# suspend/restore support in the 9p transport; every process touching it hangs after resume),
# virtio-blk and virtio-net do.
# usage: guest-images.sh OUT_DIR MODULES_DIR "MODULE.ko ..." INIT_SCRIPT CLASSPATH_FILE JAVA_HOME
set -euo pipefail
out="$1"; moddir="$2"; modules="$3"; init="$4"; cpfile="$5"; jhome="$6"
tmp=$(mktemp -d "$out/build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

ir="$tmp/initramfs"
mkdir -p "$ir"/{bin,proc,sys,dev,mods,newroot}
cp /bin/busybox "$ir/bin/"
for m in $modules; do
  cp "$moddir/$m" "$ir/mods/"
  basename "$m" >> "$ir/mods/order"
done
cp "$init" "$ir/init"
chmod 755 "$ir/init"
(cd "$ir" && find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$tmp/initramfs.gz"

root="$tmp/root"
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,run,root,lab,var/tmp}
mkdir -p "$root$jhome"
(cd "$jhome" && tar -ch --exclude=./jmods --exclude=./lib/src.zip --exclude=./include \
  --exclude=./demo --exclude=./man .) | tar -x -C "$root$jhome"
libs=$( (ldd "$jhome/bin/java"; find "$jhome/lib" -name '*.so' -exec ldd {} \;) 2>/dev/null \
  | awk '/=> \//{print $3} /^[[:space:]]*\/lib/{print $1}' | sort -u)
for l in $libs /lib64/ld-linux-x86-64.so.2; do
  [ -e "$l" ] && cp -L --parents "$l" "$root/"
done
cp /bin/busybox "$root/bin/"
for c in $(/bin/busybox --list); do
  [ -e "$root/bin/$c" ] || ln -s busybox "$root/bin/$c"
done
mkdir -p "$root/cp"
tr ':' '\n' < "$cpfile" | while read -r f; do
  [ -n "$f" ] && [ -e "$f" ] && cp -r --parents "$f" "$root/cp/"
done
echo 'root:x:0:0:root:/root:/bin/sh' > "$root/etc/passwd"
echo 'root:x:0:' > "$root/etc/group"
echo 'hosts: files' > "$root/etc/nsswitch.conf"
: > "$root/etc/hosts"
: > "$root/etc/hostname"
size_mb=$(( $(du -sm "$root" | cut -f1) * 3 / 2 + 64 ))
mke2fs -q -t ext4 -d "$root" -L blinkroot -E root_owner=0:0 "$tmp/root.img" "${size_mb}M"
mv "$tmp/initramfs.gz" "$out/initramfs.gz"
mv "$tmp/root.img" "$out/root.img"
