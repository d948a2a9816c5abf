package secure

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
)

// TokenSize is the length of a Token in bytes (128 bits).
const TokenSize = 16

// tokenEncoding is the text form of a Token: unpadded URL-safe base64, 22
// characters, safe in JSON, file names and command lines.
var tokenEncoding = base64.RawURLEncoding

// Token is a seat token: 128 random bits the host gives a device when it
// takes a seat, and that the device presents to reclaim the seat after a
// drop or a host restart. The host saves the seats' tokens with the game;
// the device saves its token with the join. Compare with Equal, never ==,
// which is not constant-time. The zero value means "no token" and equals
// no token.
type Token [TokenSize]byte

// NewToken returns a fresh random token from crypto/rand.
func NewToken() (Token, error) {
	var t Token
	if _, err := rand.Read(t[:]); err != nil {
		return Token{}, fmt.Errorf("new seat token: %w", err)
	}
	return t, nil
}

// IsZero reports whether t is the zero Token.
func (t Token) IsZero() bool { return t == Token{} }

// Equal reports, in constant time, whether t and u are the same token.
// The zero Token equals nothing, itself included.
func (t Token) Equal(u Token) bool {
	eq := subtle.ConstantTimeCompare(t[:], u[:])
	var zero Token
	isZero := subtle.ConstantTimeCompare(t[:], zero[:])
	return eq&^isZero == 1
}

// String returns t as 22 characters of unpadded URL-safe base64. The
// token is a secret: keep it out of logs.
func (t Token) String() string { return tokenEncoding.EncodeToString(t[:]) }

// ParseToken reads what String writes.
func ParseToken(s string) (Token, error) {
	var t Token
	if n := tokenEncoding.EncodedLen(TokenSize); len(s) != n {
		return Token{}, fmt.Errorf("seat token: %d characters, want %d", len(s), n)
	}
	b, err := tokenEncoding.Strict().DecodeString(s)
	if err != nil {
		return Token{}, fmt.Errorf("seat token: %w", err)
	}
	copy(t[:], b)
	// The base64 decoder skips line breaks (found by FuzzParseToken): a
	// token is only the exact text String writes.
	if t.String() != s {
		return Token{}, fmt.Errorf("seat token: %q is not written as a token is", s)
	}
	return t, nil
}

// MarshalText writes t as String does (the zero Token as ""), so a token
// is a string in JSON and msgpack text fields.
func (t Token) MarshalText() ([]byte, error) {
	if t.IsZero() {
		return []byte{}, nil
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads what MarshalText writes.
func (t *Token) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*t = Token{}
		return nil
	}
	v, err := ParseToken(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
