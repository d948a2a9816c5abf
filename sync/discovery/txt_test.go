package discovery

import (
	"errors"
	"strings"
	"testing"
)

var sampleGame = Game{Proto: 1, System: "landsofruin", Title: "Siege of Karak", Host: "Alice's tablet", Seats: 2, Open: 1, ID: "g0123456789ab"}

func TestTXTRoundTrip(t *testing.T) {
	long := strings.Repeat("é", 80) // 160 bytes
	tests := []struct {
		name string
		in   Game
		want Game // what DecodeTXT returns
	}{
		{"plain", sampleGame, sampleGame},
		{"fingerprint", withFP(sampleGame, Fingerprint{0xde, 0xad, 0xbe, 0xef, 0x01}), withFP(sampleGame, Fingerprint{0xde, 0xad, 0xbe, 0xef, 0x01})},
		{"empty title and host", Game{Proto: 3, System: "scorepad", Seats: 8, Open: 8, ID: "x"}, Game{Proto: 3, System: "scorepad", Seats: 8, Open: 8, ID: "x"}},
		{"long title cut at a character", Game{Proto: 1, System: "s", Title: long, Seats: 1, ID: "i"}, Game{Proto: 1, System: "s", Title: strings.Repeat("é", 50), Seats: 1, ID: "i"}},
		{"control characters and spaces", Game{Proto: 1, System: "s", Title: "  a\nb\x00c ", Host: "\tbob", Seats: 1, ID: "i"}, Game{Proto: 1, System: "s", Title: "a b c", Host: "bob", Seats: 1, ID: "i"}},
		{"invalid UTF-8", Game{Proto: 1, System: "s", Title: "a\xffb", Seats: 1, ID: "i"}, Game{Proto: 1, System: "s", Title: "a\uFFFDb", Seats: 1, ID: "i"}},
		{"max values", Game{Proto: 65535, System: strings.Repeat("s", MaxIDLen), Seats: MaxSeats, Open: MaxSeats, ID: strings.Repeat("i", MaxIDLen)},
			Game{Proto: 65535, System: strings.Repeat("s", MaxIDLen), Seats: MaxSeats, Open: MaxSeats, ID: strings.Repeat("i", MaxIDLen)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			txt, err := EncodeTXT(tt.in)
			if err != nil {
				t.Fatalf("EncodeTXT: %v", err)
			}
			if txt[0] != "txtvers=1" {
				t.Errorf("first string %q, want txtvers=1", txt[0])
			}
			for _, s := range txt {
				if len(s) > MaxTXTString {
					t.Errorf("string of %d bytes: %q", len(s), s)
				}
			}
			got, err := DecodeTXT(txt)
			if err != nil {
				t.Fatalf("DecodeTXT(%q): %v", txt, err)
			}
			if got != tt.want {
				t.Errorf("DecodeTXT = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func withFP(g Game, fp Fingerprint) Game { g.Fingerprint = fp; return g }

func TestEncodeTXTErrors(t *testing.T) {
	mod := func(f func(*Game)) Game { g := sampleGame; f(&g); return g }
	tests := []struct {
		name string
		g    Game
	}{
		{"proto 0", mod(func(g *Game) { g.Proto = 0 })},
		{"proto too big", mod(func(g *Game) { g.Proto = 65536 })},
		{"no system", mod(func(g *Game) { g.System = "" })},
		{"system with space", mod(func(g *Game) { g.System = "lands of ruin" })},
		{"system too long", mod(func(g *Game) { g.System = strings.Repeat("s", MaxIDLen+1) })},
		{"no id", mod(func(g *Game) { g.ID = "" })},
		{"id with =", mod(func(g *Game) { g.ID = "a=b" })},
		{"no seats", mod(func(g *Game) { g.Seats, g.Open = 0, 0 })},
		{"too many seats", mod(func(g *Game) { g.Seats = MaxSeats + 1 })},
		{"more open than seats", mod(func(g *Game) { g.Open = 3 })},
		{"negative open", mod(func(g *Game) { g.Open = -1 })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := EncodeTXT(tt.g); !errors.Is(err, ErrBadTXT) {
				t.Errorf("EncodeTXT(%+v) = %v, want ErrBadTXT", tt.g, err)
			}
		})
	}
}

// decodeTXTCases are DecodeTXT's table, also the fuzz seeds.
var decodeTXTCases = []struct {
	name string
	txt  []string
	want error // nil: decodes to sampleGame
}{
	{"good", []string{"txtvers=1", "proto=1", "sys=landsofruin", "id=g0123456789ab", "title=Siege of Karak", "host=Alice's tablet", "seats=2", "open=1"}, nil},
	{"any order, upper-case keys, extras", []string{"OPEN=1", "future=yes", "flag", "", "=x", "Seats=2", "id=g0123456789ab", "sys=landsofruin", "proto=1", "TxtVers=1", "title=Siege of Karak", "host=Alice's tablet"}, nil},
	{"first of duplicates counts", []string{"txtvers=1", "proto=1", "sys=landsofruin", "id=g0123456789ab", "title=Siege of Karak", "host=Alice's tablet", "seats=2", "open=1", "open=0", "title=other"}, nil},
	{"nothing", nil, ErrForeignTXT},
	{"empty string", []string{""}, ErrForeignTXT},
	{"foreign", []string{"hello=world"}, ErrForeignTXT},
	{"other txtvers", []string{"txtvers=2", "proto=1", "sys=s", "id=i", "seats=2", "open=1"}, ErrForeignTXT},
	{"no proto", []string{"txtvers=1", "sys=s", "id=i", "seats=2", "open=1"}, ErrForeignTXT},
	{"no id", []string{"txtvers=1", "proto=1", "sys=s", "seats=2", "open=1"}, ErrForeignTXT},
	{"no open", []string{"txtvers=1", "proto=1", "sys=s", "id=i", "seats=2"}, ErrForeignTXT},
	{"seats not a number", []string{"txtvers=1", "proto=1", "sys=s", "id=i", "seats=two", "open=1"}, ErrBadTXT},
	{"negative open", []string{"txtvers=1", "proto=1", "sys=s", "id=i", "seats=2", "open=-1"}, ErrBadTXT},
	{"open > seats", []string{"txtvers=1", "proto=1", "sys=s", "id=i", "seats=2", "open=3"}, ErrBadTXT},
	{"huge number", []string{"txtvers=1", "proto=99999999999999999999", "sys=s", "id=i", "seats=2", "open=1"}, ErrBadTXT},
	{"proto 0", []string{"txtvers=1", "proto=0", "sys=s", "id=i", "seats=2", "open=1"}, ErrBadTXT},
	{"empty system", []string{"txtvers=1", "proto=1", "sys=", "id=i", "seats=2", "open=1"}, ErrBadTXT},
	{"bad id", []string{"txtvers=1", "proto=1", "sys=s", "id=a/b", "seats=2", "open=1"}, ErrBadTXT},
	{"bad fingerprint", []string{"txtvers=1", "proto=1", "sys=s", "id=i", "seats=2", "open=1", "fp=UUUU"}, ErrBadTXT},
	{"string too long", []string{"txtvers=1", "title=" + strings.Repeat("x", 250)}, ErrBadTXT},
}

func TestDecodeTXT(t *testing.T) {
	for _, tt := range decodeTXTCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeTXT(tt.txt)
			if tt.want == nil {
				if err != nil || got != sampleGame {
					t.Fatalf("DecodeTXT = %+v, %v; want %+v", got, err, sampleGame)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("DecodeTXT = %+v, %v; want %v", got, err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "decode TXT: ") {
				t.Errorf("error %q lacks context", err)
			}
		})
	}
}

// FuzzDecodeTXT: DecodeTXT never panics, and whatever it accepts encodes
// back to a record that decodes to the same game.
func FuzzDecodeTXT(f *testing.F) {
	for _, tt := range decodeTXTCases {
		f.Add(strings.Join(tt.txt, "\x00"))
	}
	f.Fuzz(func(t *testing.T, joined string) {
		txt := strings.Split(joined, "\x00")
		g, err := DecodeTXT(txt)
		if err != nil {
			if !errors.Is(err, ErrBadTXT) && !errors.Is(err, ErrForeignTXT) {
				t.Fatalf("error %v is neither ErrBadTXT nor ErrForeignTXT", err)
			}
			return
		}
		again, err := EncodeTXT(g)
		if err != nil {
			t.Fatalf("decoded %+v does not encode: %v", g, err)
		}
		g2, err := DecodeTXT(again)
		if err != nil || g2 != g {
			t.Fatalf("re-decode = %+v, %v; want %+v", g2, err, g)
		}
	})
}
