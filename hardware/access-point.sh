#!/usr/bin/env bash
# The Raspberry Pi as its own Wi-Fi access point, for a table with no router
# (NetworkManager, as on Raspberry Pi OS Bookworm and Trixie).
#
#   sudo hardware/access-point.sh on  [--ssid "Niagara table"] [--password PASSWORD]
#   sudo hardware/access-point.sh off
#
# "on" makes (or updates) the connection "niagara-ap": WPA2, the Pi at 10.42.0.1 handing
# out addresses (ipv4.method shared), started now and at every boot. Then start the
# companion with the same network named, so the links page shows its QR code:
#   niagara-companion serve --wifi-ssid "Niagara table" --wifi-password PASSWORD
# (the systemd unit: NIAGARA_WIFI_SSID / NIAGARA_WIFI_PASSWORD in
# /etc/niagara-companion/environment). Phones scan the Wi-Fi code, then their own link.
# "off" removes it; the Pi joins its usual Wi-Fi again.
#
# Options: --ifname wlan0, --dry-run (print the commands, change nothing; also
# NIAGARA_AP_DRY_RUN=1).
set -euo pipefail

die() { printf 'access-point: %s\n' "$1" >&2; exit "${2:-1}"; }

action="${1:-}"
[ $# -gt 0 ] && shift
ssid="Niagara table"
password=""
ifname="wlan0"
dry_run="${NIAGARA_AP_DRY_RUN:-0}"
while [ $# -gt 0 ]; do
  case "$1" in
    --ssid) ssid="${2:?--ssid needs a name}"; shift ;;
    --password) password="${2:?--password needs a password}"; shift ;;
    --ifname) ifname="${2:?--ifname needs an interface}"; shift ;;
    --dry-run) dry_run=1 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" 2 ;;
  esac
  shift
done

run() {
  if [ "$dry_run" = "1" ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

if [ "$dry_run" != "1" ]; then
  command -v nmcli >/dev/null || die "nmcli is missing: this needs NetworkManager (Raspberry Pi OS Bookworm or later)"
  [ "$(id -u)" = "0" ] || die "run it with sudo: changing the Wi-Fi needs root"
fi

case "$action" in
  on)
    if [ -z "$password" ]; then
      password="$(tr -dc 'a-km-z2-9' </dev/urandom | head -c 12 || true)"
      printf 'No --password given: the network'"'"'s password is %s\n' "$password"
    fi
    [ "${#password}" -ge 8 ] && [ "${#password}" -le 63 ] \
      || die "the Wi-Fi password must have 8 to 63 characters (WPA2)"
    run nmcli connection delete niagara-ap 2>/dev/null || true
    run nmcli connection add type wifi ifname "$ifname" con-name niagara-ap autoconnect yes \
      ssid "$ssid" mode ap 802-11-wireless.band bg ipv4.method shared ipv6.method disabled \
      wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$password" connection.autoconnect-priority 100
    run nmcli connection up niagara-ap
    printf 'Access point "%s" is on: the companion is at http://10.42.0.1:8000/\n' "$ssid"
    ;;
  off)
    run nmcli connection delete niagara-ap
    printf 'Access point removed: the Pi joins its usual Wi-Fi again.\n'
    ;;
  *) die "say 'on' or 'off' (see --help)" 2 ;;
esac
