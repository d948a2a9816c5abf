package apptest

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/padkit"
)

// DeniedWord is one kind of developer's word that must never reach a
// screen, with the pattern that finds it.
type DeniedWord struct {
	// Kind names it in a failure ("a key=value pair").
	Kind string
	// Pattern finds it in a text.
	Pattern *regexp.Regexp
}

// DeniedWords are the words no screen may show: a player reads the
// rulebook's words, never the code's. Ids stay in data and in ccctl's
// JSON.
//
// Hyphenated lower-case ids ("north-street", "request-undo",
// "fire-bazooka") are the commands', sections', effects' and weapons' ids
// of every system; no rulebook term is written that way in lower case with
// two or more hyphens or with a hyphen between two words of four or more
// letters that is not English ("well-known" would be; the list of allowed
// hyphenated words below keeps those).
var DeniedWords = []DeniedWord{
	{"a key=value pair", regexp.MustCompile(`\b[A-Za-z_]\w*=\S`)},
	{"a decision id", regexp.MustCompile(`\b(RU|RB|LR|BL|RK)-D?\d+\b`)},
	{"a rulebook line number", regexp.MustCompile(`\(l\. ?\d+\)|\blines? \d+\b`)},
	{"a Go identifier", regexp.MustCompile(`\b(kit|console|landsofruin|ruunara|runeball|runika|battlelore|scorepad|fyne|widget)\.[A-Z]\w*`)},
	{"a (s) plural", regexp.MustCompile(`\w\(s\)`)},
	{"a command in brackets", regexp.MustCompile(`\((choose|lock|ack|request|approve|deny|end|set|add|move|attack|roll)-?[a-z-]*\)`)},
	{"a hyphenated id", regexp.MustCompile(`\b[a-z]+(-[a-z]+){1,}\b`)},
	{"a snake_case id", regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)},
}

// AllowedHyphenated are hyphenated words of English and of the rulebooks
// that the hyphenated-id pattern would otherwise catch.
var AllowedHyphenated = map[string]bool{
	"off-table": true, "half-hex": true, "one-shot": true, "re-roll": true, "re-rolls": true,
	"hand-over": true, "hand-to-hand": true, "close-combat": true, "set-up": true,
	"non-player": true, "well-known": true, "mid-game": true, "pre-game": true,
	"two-player": true, "one-player": true, "three-player": true, "four-player": true,
	"first-aid": true, "line-of-sight": true, "in-game": true, "end-game": true,
	"self-destruct": true, "co-op": true, "follow-up": true, "face-down": true, "face-up": true,
	"full-size": true, "left-hand": true, "right-hand": true, "long-range": true, "short-range": true,
	"all-out": true, "x-ray": true, "e-mail": true, "re-host": true, "wi-fi": true,
	"multi-target": true, "counter-attack": true, "counter-attacks": true, "sharp-shooter": true,
	"tie-break": true, "tie-breaker": true, "turn-order": true, "no-one": true, "pre-made": true, "first-player": true,
	"north-west": true, "north-east": true, "south-west": true, "south-east": true,
}

// ScreenTexts returns every text a player can read on w: labels, rich
// texts, buttons, canvas texts, entries (their text and placeholder),
// selects (the chosen option and every option), checks, radio groups,
// tiles, banners and score cells, in the content and every overlay. It
// walks the whole tree (Objects), not a sample.
func ScreenTexts(w fyne.Window) []string {
	var s []string
	add := func(texts ...string) {
		for _, t := range texts {
			if t = strings.TrimSpace(t); t != "" {
				s = append(s, t)
			}
		}
	}
	for _, o := range Objects(w) {
		switch x := o.(type) {
		case *widget.Label:
			add(x.Text)
		case *widget.RichText:
			add(RichTextString(x))
		case *widget.Button:
			add(x.Text)
		case *canvas.Text:
			add(x.Text)
		case *widget.Entry:
			add(x.Text, x.PlaceHolder)
		case *widget.Select:
			add(x.Selected, x.PlaceHolder)
			add(x.Options...)
		case *widget.SelectEntry:
			add(x.Text)
		case *widget.Check:
			add(x.Text)
		case *widget.RadioGroup:
			add(x.Options...)
		case *widget.Hyperlink:
			add(x.Text)
		case *kit.Tile:
			add(x.Title, x.Detail)
		case *kit.Banner:
			add(x.Text)
		case *padkit.ScoreCell:
			add(x.Text)
		}
	}
	return s
}

// WordsFound returns, for each text of texts that holds a denied word, a
// line naming the kind and the text; allowed lists further hyphenated
// words a caller's system uses as plain English. Sorted, without repeats.
func WordsFound(texts []string, allowed ...string) []string {
	extra := map[string]bool{}
	for _, a := range allowed {
		extra[strings.ToLower(a)] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, text := range texts {
		for _, d := range DeniedWords {
			for _, m := range d.Pattern.FindAllString(text, -1) {
				lm := strings.ToLower(m)
				if d.Kind == "a hyphenated id" && (AllowedHyphenated[lm] || extra[lm]) {
					continue
				}
				line := fmt.Sprintf("%s %q in %q", d.Kind, m, text)
				if !seen[line] {
					seen[line] = true
					out = append(out, line)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// CheckWords fails when any text on w (ScreenTexts) holds a denied word
// (DeniedWords), naming each; allowed lists hyphenated words of the
// caller's system that are plain English.
func CheckWords(t testing.TB, w fyne.Window, what string, allowed ...string) {
	t.Helper()
	if found := WordsFound(ScreenTexts(w), allowed...); len(found) > 0 {
		t.Errorf("%s shows the code's words, not the game's:\n  %s", what, strings.Join(found, "\n  "))
	}
}

// RichTextString is every text of a rich text, list items included
// (widget.RichText.String skips the items of a list): its text and
// hyperlink segments, the items of its lists and paragraphs, line by line.
func RichTextString(rt *widget.RichText) string {
	var b strings.Builder
	var walk func(segs []widget.RichTextSegment)
	walk = func(segs []widget.RichTextSegment) {
		for _, s := range segs {
			switch x := s.(type) {
			case *widget.ListSegment:
				for _, it := range x.Items {
					walk([]widget.RichTextSegment{it})
					b.WriteString("\n")
				}
			case *widget.ParagraphSegment:
				walk(x.Texts)
				b.WriteString("\n")
			case *widget.TextSegment:
				b.WriteString(x.Text)
				if !x.Inline() {
					b.WriteString("\n")
				}
			case *widget.HyperlinkSegment:
				b.WriteString(x.Text)
			default:
				b.WriteString(s.Textual())
			}
		}
	}
	walk(rt.Segments)
	return b.String()
}
