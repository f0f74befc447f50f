/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64.
 * Indian mobile networks hand each phone a /64 of its own, so the last 64 bits are the phone's to
 * change at will: counted one by one, every new address would start its limits afresh. An IPv4
 * address written as IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports) is the IPv4 one.
 */
export function addressGroup(address: string | undefined): string {
  const raw = (address ?? "").trim();
  if (!raw) return "";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(raw);
  if (mapped) return mapped[1];
  // A zone ("fe80::1%eth0") names the interface, not the client.
  const bare = raw.split("%")[0];
  // What the socket or a trusted proxy reports: an IPv6 address is the one with colons.
  if (!bare.includes(":") || !/^[0-9a-f:.]+$/i.test(bare)) return raw;
  return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, each as four lower-case hex digits. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
  return groups.map((group) => group.padStart(4, "0"));
}

/**
 * Whether an address group (as `addressGroup` gives it) is this machine: 127.0.0.0/8, or the IPv6 /64 of `::1`
 * (the rest of that /64 is the unspecified and the old IPv4-compatible addresses, which no network routes).
 */
export function isLoopbackGroup(group: string | undefined): boolean {
  if (!group) return false;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(group) || group === "0000:0000:0000:0000::/64";
}
