package runeball

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// deny are the patterns no text for a player may hold (issue 23): command
// and data ids, key=value, decision ids, rulebook line numbers, "(s)".
var deny = []*regexp.Regexp{
	regexp.MustCompile(`\b[a-z]+(-[a-z]+)+\b`),
	regexp.MustCompile(`\w+=\w+`),
	regexp.MustCompile(`RB-[DF]\d+`),
	regexp.MustCompile(`\(s\)`),
	regexp.MustCompile(`\bl\. \d+`),
	regexp.MustCompile(`\w+:\d+`), // a status as data ("bleed:1"); cells are "12:16", digits only
}

// englishHyphens are the hyphenated words of the rulebook's English.
var englishHyphens = map[string]bool{"re-roll": true, "set-up": true}

// badWords returns what in text a player must not meet.
func badWords(text string) []string {
	var bad []string
	for _, re := range deny {
		for _, m := range re.FindAllString(text, -1) {
			if englishHyphens[m] || regexp.MustCompile(`^\d+:\d+$`).MatchString(m) {
				continue
			}
			bad = append(bad, m)
		}
	}
	for name := range commandNames() {
		if strings.Contains(name, "-") || name == "keshat" {
			continue // hyphenated names are caught above; Keshat is the rulebook's word
		}
		if regexp.MustCompile(`\(` + name + `(\)|\s+\w+=)`).MatchString(text) {
			bad = append(bad, "("+name)
		}
	}
	return bad
}

func TestPlain(t *testing.T) {
	for _, c := range []struct{ in, words, try string }{
		{"roster: each coach locks (lock-roster)", "roster: each coach locks", "lock-roster"},
		{"home kicks off (kick target=CELL on away's side)", "home kicks off", "kick target=CELL on away's side"},
		{"defend with Block 9 or Dodge 7 (choose-defense defense=block|dodge)", "defend with Block 9 or Dodge 7", "choose-defense defense=block|dodge"},
		{"away wins the Keshat round: first choice (l. 54)", "away wins the Keshat round: first choice", ""},
		{"the kicker must stand within 6 columns (x 1–6; l. 58, RB-D15)", "the kicker must stand within 6 columns (x 1–6)", ""},
		{"blitzes before H4 acts (all his actions −2, l. 101–103)", "blitzes before H4 acts (all his actions −2)", ""},
		{"a draw, 0–0 (RB-D57)", "a draw, 0–0", ""},
		{"catch it (DL 8) or step aside", "catch it (DL 8) or step aside", ""},
		{"H1 is Out (unconscious)", "H1 is Out (unconscious)", ""},
		{"home gets a free activation (pass out of bounds)", "home gets a free activation (pass out of bounds)", ""},
		{"nothing to correct (player=ID with hex)", "nothing to correct", "player=ID with hex"},
	} {
		w, try := plain(c.in)
		if w != c.words || try != c.try {
			t.Errorf("plain(%q) = %q, %q; want %q, %q", c.in, w, try, c.words, c.try)
		}
	}
}

func TestTidyRefusal(t *testing.T) {
	for _, c := range []struct {
		in        error
		msg, try  string
		unchanged bool
	}{
		{console.Reject(`argument "mus": "abc" is not a whole number from 6 to 17`), `MUS: "abc" is not a whole number from 6 to 17`, "", false},
		{console.Reject(`missing argument "name": text`), "missing the name: text", "", false},
		{console.Reject("name your kicker (set-kicker)"), "name your kicker", "set-kicker", false},
		{console.RejectTry(console.ReasonBadInput, "move as=half|full", "say whether the move starts a half or a full move action"), "say whether the move starts a half or a full move action", "move as=half|full", false},
		{fmt.Errorf("internal: %w", errors.New("broken")), "", "", true},
	} {
		got := tidyRefusal(c.in)
		if c.unchanged {
			if got != c.in {
				t.Errorf("tidyRefusal(%v) changed a failure that is no refusal", c.in)
			}
			continue
		}
		var r *console.Rejection
		if !errors.As(got, &r) || r.Msg != c.msg || r.Try != c.try {
			t.Errorf("tidyRefusal(%v) = %+v, want %q try %q", c.in, got, c.msg, c.try)
		}
	}
}

func TestWordsOfData(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{statWords(roster.Stats{13, 9, 15, 12, 7, 11, 10}), "MUS 13 · SKL 9 · SPD 15 · TOU 12 · WIT 7 · TEC 11 · CHA 10"},
		{improvementWords(roster.Improvement{A: roster.MUS, B: roster.SKL}), "+1 MUS and +1 SKL"},
		{improvementWords(roster.Improvement{A: roster.MUS, B: roster.WIT, Raise: true}), "+1 MUS, WIT raised to 8"},
		{Statuses{Bleed: 1, Bruise: 2, Stun: true}.Words(), "Bleed 1, Bruise 2, Stunned"},
		{Statuses{}.Words(), "no wounds"},
		{kindWords(KindHeldFull), "held action"},
		{kindWords(KindNormal), ""},
		{testName("pass-catch"), "catch of the pass"},
		{purposeWords("shake-off H5"), "shaking it off, H5"},
		{phaseWords(PhaseSetup), "the kickoff set-up"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
		if bad := badWords(c.got); len(bad) > 0 {
			t.Errorf("%q holds %q", c.got, bad)
		}
	}
}

// TestWordsOfGoldenMatches plays every golden script and checks every
// text a screen shows for either coach and the public (history lines,
// what happens next, the prompt, dice purposes, turn kinds, wounds) and
// every refusal's message against the deny-list.
func TestWordsOfGoldenMatches(t *testing.T) {
	seats := []console.Seat{"home", "away", console.Public}
	for _, path := range conformance.Files(t, scriptGlob) {
		setup, lines := conformance.ReadFile(t, path)
		s, err := console.Create(New(), setup, console.Options{Store: console.NewMemStore(),
			Clock: func() time.Time { return time.Unix(1700000000, 0).UTC() }})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		check := func(where, text string) {
			if bad := badWords(text); len(bad) > 0 && !seen[text] {
				seen[text] = true
				t.Errorf("%s: %s: %q holds %q", path, where, text, bad)
			}
		}
		for _, l := range lines {
			_, refusal, err := l.Play(s)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, l.Number, err)
			}
			where := fmt.Sprintf("line %d", l.Number)
			if refusal != nil {
				check(where+" refusal", refusal.Error())
				continue
			}
			for _, seat := range seats {
				cv, err := s.View(seat)
				if err != nil {
					t.Fatal(err)
				}
				v := cv.(View)
				check(where+" next", v.Next)
				if p := v.Prompt; p != nil {
					check(where+" prompt", p.Text)
					for _, pu := range p.Purposes {
						check(where+" purpose", pu)
					}
				}
				if a := v.Acting; a != nil {
					check(where+" kind", a.KindWords)
				}
				for _, tm := range v.Teams {
					for _, p := range tm.Players {
						check(where+" wounds", p.Wounds)
					}
				}
			}
		}
		for _, seat := range seats {
			hist, err := s.History(seat)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hist {
				check(fmt.Sprintf("history %d for %s", h.Seq, seat), h.Text)
			}
		}
		if st := s.Status(); true {
			check("status", st.Summary)
		}
	}
}
