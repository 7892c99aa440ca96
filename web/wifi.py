"""Phones reach the Pi with no router: the Wi-Fi network's QR code and the addresses
players' links use.

A table with no router runs the Pi as its own access point (``hardware/access-point.sh``);
the links page then shows the network's QR code (the ``WIFI:`` format that phone cameras
understand) beside each player's link, so a phone joins and opens its link in two scans.

>>> wifi_qr_text("Niagara table", "paddle;fast")
'WIFI:T:WPA;S:Niagara table;P:paddle\\\\;fast;;'
>>> is_loopback("localhost:8000"), is_loopback("192.168.4.1:8000"), is_loopback("[::1]")
(True, False, True)
"""

from __future__ import annotations

import ipaddress
import socket


def _escape(text: str) -> str:
    """Backslash the characters the ``WIFI:`` format reserves."""
    return "".join("\\" + c if c in '\\;,:"' else c for c in text)


def wifi_qr_text(ssid: str, password: str | None) -> str:
    """The ``WIFI:`` text of a WPA network (an open one without ``password``)."""
    if not password:
        return f"WIFI:T:nopass;S:{_escape(ssid)};;"
    return f"WIFI:T:WPA;S:{_escape(ssid)};P:{_escape(password)};;"


def is_loopback(host: str) -> bool:
    """Whether a ``Host`` header (name or address, with or without port) names this
    machine only: a phone could not open a link made from it."""
    name = host.strip()
    if name.startswith("["):
        name = name[1:].split("]", 1)[0]
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    if name.lower() in ("localhost", "localhost.localdomain", ""):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def mdns_base(port: int) -> str:
    """``http://<hostname>.local:PORT`` (where mDNS works, e.g. Avahi on the Pi)."""
    host = socket.gethostname().split(".")[0] or "raspberrypi"
    return f"http://{host}.local:{port}"
