#!/bin/busybox sh
# /init of a lab guest (GuestImages). Kernel command line: blink.ip=A.B.C.D (eth0, /24),
# blink.name=NAME (hostname). /dev/vda is the shared read-only root (JDK, jars), /dev/vdb this
# guest's lab disk (run.sh, conf); /tmp is RAM. Serial ports: ttyS0 the kernel console, the others
# are run.sh's to use (GuestRunScript: ttyS1 DataNode, ttyS2 agent, ttyS3 the lab channel).
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in $(cat /mods/order); do insmod "/mods/$m" || echo "blink-guest: insmod $m failed"; done
for kv in $(cat /proc/cmdline); do
  case $kv in blink.ip=*) ip=${kv#blink.ip=};; blink.name=*) name=${kv#blink.name=};; esac
done
ip link set lo up; ip link set eth0 up; ip addr add "$ip/24" dev eth0
mount -o ro,noload /dev/vda /newroot || echo "blink-guest: cannot mount the root disk"
mount -t proc proc /newroot/proc; mount -t sysfs sys /newroot/sys
mount -t devtmpfs dev /newroot/dev
mount -t tmpfs -o size=8g tmpfs /newroot/tmp; mount -t tmpfs tmpfs /newroot/run
mount -o ro,noload /dev/vdb /newroot/lab || echo "blink-guest: cannot mount the lab disk"
hostname "$name"
printf '127.0.0.1 localhost\n%s %s\n' "$ip" "$name" > /newroot/run/hosts
mount --bind /newroot/run/hosts /newroot/etc/hosts
echo "blink-guest: $name $ip ready after $(cut -d' ' -f1 /proc/uptime) s"
chroot /newroot /bin/sh /lab/run.sh &
while true; do sleep 3600; done
