//! Which IP addresses are public: everything else is refused when fetching, unless configured.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether `ip` is reachable on the public internet (not loopback, private, link-local, shared,
/// reserved, documentation, multicast or unspecified; for IPv6 neither an address that carries
/// an IPv4 one: IPv4-compatible `::/96`, 6to4 `2002::/16`, Teredo `2001::/32`, NAT64; nor
/// site-local `fec0::/10` or discard-only `100::/64`).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let [first, second, ..] = ip.segments();
    let ipv4_compatible = ip.segments()[..6] == [0; 6];
    !(ipv4_compatible
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || (first & 0xffc0) == 0xfec0
        || first == 0x2002
        || (first == 0x2001 && (second == 0 || second == 0x0db8))
        || (first == 0x0064 && second == 0xff9b)
        || (first == 0x0100 && ip.segments()[1..4] == [0; 3]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_and_special_addresses_are_not_public() {
        for address in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "64:ff9b::a00:1",
            "::127.0.0.1",
            "::a00:1",
            "2002:7f00:1::1",
            "2001:0:4136:e378::1",
            "fec0::1",
            "100::1",
        ] {
            assert!(!is_public(address.parse().unwrap()), "{address}");
        }
    }

    #[test]
    fn internet_addresses_are_public() {
        for address in ["93.184.216.34", "1.1.1.1", "2606:4700::1111"] {
            assert!(is_public(address.parse().unwrap()), "{address}");
        }
    }
}
