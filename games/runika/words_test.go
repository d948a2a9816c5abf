package runika

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// denied are the patterns no text for a player may hold (issue 23):
// command and event ids, key=value, decision ids, "(s)" plurals.
var denied = []*regexp.Regexp{
	regexp.MustCompile(`\b[a-z]+(-[a-z]+)+\b`),
	regexp.MustCompile(`\w+=\w+`),
	regexp.MustCompile(`\b[A-Z]{2}-D\d+`),
	regexp.MustCompile(`\(s\)`),
}

func badWords(text string) []string {
	var bad []string
	for _, re := range denied {
		bad = append(bad, re.FindAllString(text, -1)...)
	}
	return bad
}

func TestEventWords(t *testing.T) {
	for _, typ := range []string{EventCharacterChosen, EventGameStarted, EventDraftEnded, EventMasterInfluenced, EventRuneClaimed,
		EventMasteryClaimed, EventTokensGained, EventTurnEnded, EventRoundEnded, EventGameEnded, EventDeckCorrected, "anything-else"} {
		w := eventWords(typ)
		if w == "" || len(badWords(w)) > 0 {
			t.Errorf("eventWords(%q) = %q", typ, w)
		}
	}
}

// TestWordsOfGoldenGames plays the golden scripts and checks what a
// screen shows (the plain next step, the summary, why the game ends, every
// history line for every seat) and every refusal's message.
func TestWordsOfGoldenGames(t *testing.T) {
	for _, path := range conformance.Files(t, "testdata/*.jsonl") {
		setup, lines := conformance.ReadFile(t, path)
		s, err := console.Create(New(), setup, console.Options{Store: console.NewMemStore(),
			Clock: func() time.Time { return time.Unix(1700000000, 0).UTC() }})
		if err != nil {
			t.Fatal(err)
		}
		check := func(where, text string) {
			if bad := badWords(text); len(bad) > 0 {
				t.Errorf("%s: %s: %q holds %q", path, where, text, bad)
			}
		}
		seats := append([]console.Seat{console.Public}, setup.Seats...)
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
				check(where+" next", v.NextText)
				check(where+" summary", v.Summary)
				check(where+" end", v.EndReasonWords())
			}
		}
		for _, seat := range seats {
			hist, err := s.History(seat)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hist {
				check(fmt.Sprintf("history %d", h.Seq), h.Text)
			}
		}
	}
}
