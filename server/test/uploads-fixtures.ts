/** Hostile and well-formed upload bodies shared by the upload tests. */

export const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<lolz>&lol9;</lolz>`;

export const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE configuration [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<configuration><device>&secret;</device></configuration>`;

/** An ASCII-armoured PGP message, as `gpg --armor --encrypt` writes it (the body is not a real ciphertext). */
export const ARMOURED = `-----BEGIN PGP MESSAGE-----

hQEMA5Xx0rZ7nC0RAQf/Wg1d2xh0ZSBib2R5IG9mIGEgdGVzdCBtZXNzYWdlLCBub3Qg
YSByZWFsIGNpcGhlcnRleHQ=
=Ab12
-----END PGP MESSAGE-----
`;
