package discovery

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ServiceType is the DNS-SD service type under which hosts announce games.
const ServiceType = "_commandconsole._tcp"

// TXTVersion is the version of the TXT record layout, announced as the
// first key ("txtvers=1", as RFC 6763 section 6.7 recommends). New keys may
// be added without changing it; a host whose TXT has another txtvers is
// skipped by browsers.
const TXTVersion = 1

// Limits of the TXT record and the announced fields.
const (
	// MaxTXTString is the DNS limit on one TXT string, in bytes.
	MaxTXTString = 255
	// MaxNameLen is the longest Title or Host announced, in bytes; longer
	// ones are cut at a character boundary by EncodeTXT.
	MaxNameLen = 100
	// MaxIDLen is the longest System or ID, in bytes.
	MaxIDLen = 64
	// MaxSeats is the largest number of seats a game may announce.
	MaxSeats = 64
)

// TXT record keys.
const (
	keyTXTVers = "txtvers"
	keyProto   = "proto"
	keySystem  = "sys"
	keyID      = "id"
	keyTitle   = "title"
	keyHost    = "host"
	keySeats   = "seats"
	keyOpen    = "open"
	keyFP      = "fp"
)

// ErrForeignTXT is the error (wrapped) for a TXT record that is not a
// Command Console game of a layout this version reads: no or another
// txtvers, or a required key missing. Browsers skip such entries.
var ErrForeignTXT = errors.New("not a Command Console game announcement")

// ErrBadTXT is the error (wrapped) for a TXT record, or a Game, with a
// value out of its limits: a malformed number, a seat count out of range,
// a string longer than 255 bytes, a system or id with characters outside
// letters, digits, '.', '_' and '-'.
var ErrBadTXT = errors.New("bad game announcement")

// Game is what a host announces of a hosted game, and what a browser
// reads back from the TXT record.
type Game struct {
	// Proto is the wire protocol version the host speaks (1 to 65535). The
	// browser lists games of every version; the screen tells the player
	// when a game needs another version of the app.
	Proto int `json:"proto"`
	// System is the game system's id, e.g. "landsofruin".
	System string `json:"system"`
	// Title is the game's title (cut to MaxNameLen bytes).
	Title string `json:"title"`
	// Host is the host's display name: the player or the device (cut to
	// MaxNameLen bytes).
	Host string `json:"host"`
	// Seats is the game's number of player seats (1 to MaxSeats).
	Seats int `json:"seats"`
	// Open is the number of seats nobody has taken yet (0 to Seats).
	Open int `json:"open"`
	// ID is the game's id (console.GameInfo.ID).
	ID string `json:"id"`
	// Fingerprint is the host's TLS key fingerprint; the zero value means
	// none is announced.
	Fingerprint Fingerprint `json:"fingerprint,omitzero"`
}

// Validate reports whether g can be announced as it is (Title and Host
// are not checked: EncodeTXT cleans and cuts them).
func (g Game) Validate() error {
	if g.Proto < 1 || g.Proto > 65535 {
		return fmt.Errorf("%w: protocol version %d out of 1..65535", ErrBadTXT, g.Proto)
	}
	if err := checkIdent("system", g.System); err != nil {
		return err
	}
	if err := checkIdent("game id", g.ID); err != nil {
		return err
	}
	if g.Seats < 1 || g.Seats > MaxSeats {
		return fmt.Errorf("%w: %d seats, want 1..%d", ErrBadTXT, g.Seats, MaxSeats)
	}
	if g.Open < 0 || g.Open > g.Seats {
		return fmt.Errorf("%w: %d open seats of %d", ErrBadTXT, g.Open, g.Seats)
	}
	return nil
}

func checkIdent(what, s string) error {
	if s == "" {
		return fmt.Errorf("%w: empty %s", ErrBadTXT, what)
	}
	if len(s) > MaxIDLen {
		return fmt.Errorf("%w: %s is %d bytes, longer than %d", ErrBadTXT, what, len(s), MaxIDLen)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return fmt.Errorf("%w: %s %q has the character %q (letters, digits, '.', '_' and '-' only)", ErrBadTXT, what, s, c)
		}
	}
	return nil
}

// cleanName makes a title or host name safe to show and to announce: valid
// UTF-8, no control characters, no surrounding spaces, at most MaxNameLen
// bytes (cut at a character boundary).
func cleanName(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	if len(s) > MaxNameLen {
		n := MaxNameLen
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = strings.TrimSpace(s[:n])
	}
	return s
}

// EncodeTXT returns g's TXT record: "txtvers=1" first, then one
// "key=value" string per field (proto, sys, id, title, host, seats, open,
// and fp when g has a fingerprint), each at most MaxTXTString bytes. Title
// and Host are cleaned (valid UTF-8, no control characters) and cut to
// MaxNameLen bytes; any other field out of its limits is an error (see
// Game.Validate).
func EncodeTXT(g Game) ([]string, error) {
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("encode TXT: %w", err)
	}
	txt := []string{
		keyTXTVers + "=" + strconv.Itoa(TXTVersion),
		keyProto + "=" + strconv.Itoa(g.Proto),
		keySystem + "=" + g.System,
		keyID + "=" + g.ID,
		keyTitle + "=" + cleanName(g.Title),
		keyHost + "=" + cleanName(g.Host),
		keySeats + "=" + strconv.Itoa(g.Seats),
		keyOpen + "=" + strconv.Itoa(g.Open),
	}
	if !g.Fingerprint.IsZero() {
		txt = append(txt, keyFP+"="+g.Fingerprint.compact())
	}
	return txt, nil
}

// DecodeTXT reads a game back from a TXT record. It follows RFC 6763
// section 6: keys are case-insensitive, only the first occurrence of a key
// counts, strings without '=' and unknown keys are ignored (so later
// versions may add keys). It fails with ErrForeignTXT when txtvers is
// missing or not TXTVersion or a required key (proto, sys, id, seats,
// open) is missing, and with ErrBadTXT when a value is out of its limits.
// Title and Host are cleaned as EncodeTXT does. It never panics.
func DecodeTXT(txt []string) (Game, error) {
	kv := make(map[string]string, len(txt))
	for _, s := range txt {
		if len(s) > MaxTXTString {
			return Game{}, fmt.Errorf("decode TXT: %w: a string of %d bytes (limit %d)", ErrBadTXT, len(s), MaxTXTString)
		}
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			continue
		}
		k = strings.ToLower(k)
		if _, dup := kv[k]; !dup {
			kv[k] = v
		}
	}
	if v, ok := kv[keyTXTVers]; !ok {
		return Game{}, fmt.Errorf("decode TXT: %w: no txtvers", ErrForeignTXT)
	} else if v != strconv.Itoa(TXTVersion) {
		return Game{}, fmt.Errorf("decode TXT: %w: txtvers %q (this app reads %d)", ErrForeignTXT, v, TXTVersion)
	}
	for _, k := range []string{keyProto, keySystem, keyID, keySeats, keyOpen} {
		if _, ok := kv[k]; !ok {
			return Game{}, fmt.Errorf("decode TXT: %w: no %s", ErrForeignTXT, k)
		}
	}
	var g Game
	var err error
	if g.Proto, err = txtInt(kv, keyProto, 65535); err != nil {
		return Game{}, err
	}
	if g.Seats, err = txtInt(kv, keySeats, MaxSeats); err != nil {
		return Game{}, err
	}
	if g.Open, err = txtInt(kv, keyOpen, MaxSeats); err != nil {
		return Game{}, err
	}
	g.System = kv[keySystem]
	g.ID = kv[keyID]
	g.Title = cleanName(kv[keyTitle])
	g.Host = cleanName(kv[keyHost])
	if fp, ok := kv[keyFP]; ok && fp != "" {
		if g.Fingerprint, err = ParseFingerprint(fp); err != nil {
			return Game{}, fmt.Errorf("decode TXT: %w: fp: %v", ErrBadTXT, err)
		}
	}
	if err := g.Validate(); err != nil {
		return Game{}, fmt.Errorf("decode TXT: %w", err)
	}
	return g, nil
}

// txtInt reads a decimal number 0..max, digits only.
func txtInt(kv map[string]string, key string, max int) (int, error) {
	v := kv[key]
	if v == "" || len(v) > 5 {
		return 0, fmt.Errorf("decode TXT: %w: %s=%q is not a number from 0 to %d", ErrBadTXT, key, v, max)
	}
	n := 0
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, fmt.Errorf("decode TXT: %w: %s=%q is not a number from 0 to %d", ErrBadTXT, key, v, max)
		}
		n = n*10 + int(v[i]-'0')
	}
	if n > max {
		return 0, fmt.Errorf("decode TXT: %w: %s=%d is more than %d", ErrBadTXT, key, n, max)
	}
	return n, nil
}
