package secure

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestToken(t *testing.T) {
	a, err := NewToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewToken()
	if a.IsZero() || a == b {
		t.Fatalf("tokens %v and %v", a, b)
	}
	if s := a.String(); len(s) != 22 {
		t.Errorf("String %q: %d characters", s, len(s))
	}
	back, err := ParseToken(a.String())
	if err != nil || !back.Equal(a) {
		t.Errorf("ParseToken(String) = %v, %v", back, err)
	}
	tests := []struct {
		x, y Token
		want bool
	}{
		{a, a, true},
		{a, b, false},
		{a, Token{}, false},
		{Token{}, Token{}, false}, // no token reclaims nothing
	}
	for _, tt := range tests {
		if got := tt.x.Equal(tt.y); got != tt.want {
			t.Errorf("%v.Equal(%v) = %v", tt.x, tt.y, got)
		}
	}
	j, err := json.Marshal(struct{ A, Z Token }{A: a})
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ A, Z Token }
	if err := json.Unmarshal(j, &v); err != nil || v.A != a || !v.Z.IsZero() {
		t.Errorf("JSON %s read back as %v, %v", j, v, err)
	}
}

func TestParseToken(t *testing.T) {
	tests := []struct{ in, err string }{
		{"AAAAAAAAAAAAAAAAAAAAAA", ""},
		{"_-_-_-_-_-_-_-_-_-_-_w", ""},
		{"AAAAAAAAAAAAAAAAAAAAA", "21 characters, want 22"},
		{"AAAAAAAAAAAAAAAAAAAAAAA", "23 characters, want 22"},
		{"AAAAAAAAAAAAAAAAAAAAA+", "illegal base64"},
		{"AAAAAAAAAAAAAAAAAAAAAB", "illegal base64"}, // nonzero trailing bits: not canonical
		{"", "0 characters"},
	}
	for _, tt := range tests {
		_, err := ParseToken(tt.in)
		if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseToken(%q): %v, want %q", tt.in, err, tt.err)
		}
	}
}

// FuzzParseToken checks ParseToken never panics and reads only canonical
// text: what it accepts, String writes back unchanged.
func FuzzParseToken(f *testing.F) {
	for _, s := range []string{"AAAAAAAAAAAAAAAAAAAAAA", "_-_-_-_-_-_-_-_-_-_-_w", "AAAAAAAAAAAAAAAAAAAAAB", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tok, err := ParseToken(s)
		if err == nil && tok.String() != s {
			t.Fatalf("ParseToken(%q) = %v, which is written %q", s, tok, tok.String())
		}
	})
}

// FuzzParsePIN checks ParsePIN never panics and gives only PINLength
// ASCII digits.
func FuzzParsePIN(f *testing.F) {
	for _, s := range []string{"0042", " 12 34 ", "12a4", "١٢٣٤", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePIN(s)
		if err != nil {
			return
		}
		if len(p) != PINLength || strings.Trim(string(p), "0123456789") != "" {
			t.Fatalf("ParsePIN(%q) = %q", s, p)
		}
	})
}
