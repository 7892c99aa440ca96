#!/usr/bin/env bash
# Install Niagara Companion as a service on Raspberry Pi OS (64-bit, Bookworm or Trixie).
#
#   sudo make -C /opt/niagara-companion install-pi      (or: sudo hardware/install-pi.sh)
#
# Idempotent: run it again after "git pull". What it does, in order:
#   1. checks the OS: 64-bit Raspberry Pi OS Bookworm or Trixie (a 32-bit OS is refused);
#   2. apt packages, --no-install-recommends (picamera2, libcamera, lgpio, rpicam-apps-lite);
#   3. the system user "niagara" in the gpio and video groups;
#   4. a --system-site-packages venv in the checkout, pip constrained by
#      constraints/<codename>.txt so apt's numpy and picamera2 are never shadowed;
#   5. the systemd unit (and /etc/niagara-companion/{pins.toml,environment} if absent);
#   6. a self-check as the service user: picamera2 imports, rpicam-hello lists a camera,
#      hw-test drives real GPIO; then starts the service, or says what to fix.
#
# Options: --dry-run (print the commands, change nothing), --no-start, --user NAME.
# For tests: NIAGARA_OS_RELEASE (a file like /etc/os-release), NIAGARA_UNAME_M and
# NIAGARA_DPKG_ARCH replace what the machine says; NIAGARA_INSTALL_DRY_RUN=1 = --dry-run.
set -euo pipefail

say() { printf '%s\n' "$*"; }
die() { printf 'install-pi: %s\n' "$1" >&2; exit "${2:-1}"; }

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="$here"
user="niagara"
dry_run="${NIAGARA_INSTALL_DRY_RUN:-0}"
start=1
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) dry_run=1 ;;
    --no-start) start=0 ;;
    --user) user="$2"; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" 2 ;;
  esac
  shift
done

run() {
  if [ "$dry_run" = "1" ]; then
    printf '+ %s\n' "$*"
  else
    "$@"
  fi
}

# -- 1. the OS -------------------------------------------------------------------------------
machine="${NIAGARA_UNAME_M:-$(uname -m)}"
arch="${NIAGARA_DPKG_ARCH:-$(dpkg --print-architecture 2>/dev/null || echo unknown)}"
case "$machine/$arch" in
  aarch64/arm64) ;;
  armv6l/*|armv7l/*|armv8l/*|*/armhf|*/armel)
    die "this is a 32-bit OS ($machine, $arch). Niagara Companion needs Raspberry Pi OS (64-bit):
  the pinned OpenCV and numpy have no 32-bit Arm wheels on PyPI.
  Flash 'Raspberry Pi OS Lite (64-bit)' (Bookworm or Trixie) with Raspberry Pi Imager." 3 ;;
  *) die "this is not a Raspberry Pi running 64-bit Raspberry Pi OS ($machine, $arch). Off a
  Pi, use 'make run' (synthetic camera, mock pins)." 3 ;;
esac

os_release="${NIAGARA_OS_RELEASE:-/etc/os-release}"
[ -r "$os_release" ] || die "cannot read $os_release" 3
codename="$(. "$os_release"; printf '%s' "${VERSION_CODENAME:-}")"
os_id="$(. "$os_release"; printf '%s %s' "${ID:-}" "${ID_LIKE:-}")"
case " $os_id " in
  *" debian "*|*" raspbian "*) ;;
  *) die "not Raspberry Pi OS / Debian ($os_id): see docs/hardware.md for a manual install" 3 ;;
esac
constraints="$here/constraints/$codename.txt"
[ -n "$codename" ] && [ -f "$constraints" ] || die "Raspberry Pi OS '${codename:-unknown}' is not \
supported: tested releases are $(cd "$here/constraints" && ls ./*.txt | sed 's|./||; s|\.txt||' \
| tr '\n' ' ')" 3
say "Raspberry Pi OS $codename, 64-bit: constraints/$codename.txt"

if [ "$dry_run" != "1" ] && [ "$(id -u)" != "0" ]; then
  die "run it as root: sudo make install-pi" 4
fi

# -- 2. apt ----------------------------------------------------------------------------------
packages=(git make python3-venv python3-picamera2 python3-libcamera python3-lgpio
          python3-numpy rpicam-apps-lite)
run apt-get update
run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"

# -- 3. the service user ---------------------------------------------------------------------
if ! id "$user" >/dev/null 2>&1; then
  run useradd --system --user-group --no-create-home --home-dir "/var/lib/niagara-companion" \
      --shell /usr/sbin/nologin "$user"
fi
for group in gpio video; do
  if getent group "$group" >/dev/null 2>&1 || [ "$dry_run" = "1" ]; then
    run usermod -a -G "$group" "$user"
  else
    say "warning: no group '$group' on this system: the service may not reach the hardware"
  fi
done

# -- 4. the venv -----------------------------------------------------------------------------
venv="$prefix/.venv"
if [ -f "$venv/pyvenv.cfg" ] && ! grep -q '^include-system-site-packages = true' "$venv/pyvenv.cfg"; then
  say "the venv does not see apt's packages (no --system-site-packages): making it again"
  run rm -rf "$venv"
fi
run python3 -m venv --system-site-packages "$venv"
run "$venv/bin/python" -m pip install --quiet --upgrade-strategy only-if-needed \
    --constraint "$constraints" --editable "$prefix"

# -- 5. the unit -----------------------------------------------------------------------------
unit_src="$here/hardware/systemd/niagara-companion.service"
unit="/etc/systemd/system/niagara-companion.service"
if [ "$dry_run" = "1" ]; then
  printf '+ install %s -> %s (paths for %s, user %s)\n' "$unit_src" "$unit" "$prefix" "$user"
else
  sed -e "s|/opt/niagara-companion|$prefix|g" -e "s|^User=niagara$|User=$user|" \
      -e "s|^Group=niagara$|Group=$user|" "$unit_src" > "$unit.tmp"
  chmod 644 "$unit.tmp" && mv "$unit.tmp" "$unit"
fi
run install -d -m 755 /etc/niagara-companion
if [ ! -e /etc/niagara-companion/pins.toml ]; then
  run install -m 644 "$here/hardware/pins.toml" /etc/niagara-companion/pins.toml
fi
if [ ! -e /etc/niagara-companion/environment ] && [ "$dry_run" != "1" ]; then
  cat > /etc/niagara-companion/environment <<'EOF'
# Read by the niagara-companion service. Restart it after a change.
# Mains frequency of the room's lamps: 50 (Europe, most of the world) or 60 (the Americas).
NIAGARA_MAINS_HZ=50
# Camera frames per second (the service reads about two a second).
#NIAGARA_CAMERA_FPS=10
# Distance from the camera to the board in metres (Camera Module 3: sets the focus once;
# unset: one autofocus at start).
#NIAGARA_FOCUS_M=0.7
EOF
fi
run systemctl daemon-reload
run systemctl enable niagara-companion

# -- 6. self-check ---------------------------------------------------------------------------
if [ "$dry_run" = "1" ]; then
  say "+ self-check: picamera2 import, rpicam-hello --list-cameras, hw-test (as $user)"
  say "dry run: nothing was changed"
  exit 0
fi
as_user() { runuser -u "$user" -- env GPIOZERO_PIN_FACTORY=lgpio "$@"; }
run systemctl stop niagara-companion 2>/dev/null || true  # hw-test needs the pins
failed=()
say "self-check 1/3: picamera2 and numpy from apt, seen by the venv"
if ! as_user "$venv/bin/python" -c 'import numpy, picamera2, lgpio; print("  numpy", numpy.__version__, "from", numpy.__file__)'; then
  failed+=("picamera2 does not import in the venv (see the error above)")
fi
say "self-check 2/3: rpicam-hello --list-cameras"
cameras="$(as_user rpicam-hello --list-cameras 2>&1 || true)"
printf '%s\n' "$cameras" | sed 's/^/  /'
if ! printf '%s' "$cameras" | grep -q '^[0-9] : '; then
  failed+=("no camera listed: check the ribbon cable (contacts towards the board's contacts) and that camera_auto_detect=1 is in /boot/firmware/config.txt")
fi
say "self-check 3/3: hw-test (every LED and sound, 4x speed)"
hw="$(as_user "$venv/bin/niagara-companion" hw-test --gpio auto --speed 4 2>&1 || echo 'hw-test failed')"
printf '%s\n' "$hw" | sed 's/^/  /'
if printf '%s' "$hw" | grep -q -e 'Mock pins' -e 'hw-test failed' -e 'niagara-companion:'; then
  failed+=("the GPIO is not usable by $user (lgpio, the gpio group, or another program holds the pins)")
fi

if [ "${#failed[@]}" -gt 0 ]; then
  say ""
  say "NOT started. Fix, then: sudo systemctl start niagara-companion"
  for reason in "${failed[@]}"; do say "  - $reason"; done
  exit 1
fi
if [ "$start" = "1" ]; then
  run systemctl restart niagara-companion
  say "Started: systemctl status niagara-companion; journalctl -u niagara-companion -f"
else
  say "Ready: sudo systemctl start niagara-companion"
fi
