package runeball

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Words: every text the view and the history carry is written for a player
// (issue 23). Command names, key=value arguments, rulebook line numbers
// and decision ids stay in the data, the command specs and ccctl's JSON
// (a view's Try, a refusal's Try), never in a sentence.

// hintRe matches a command-line hint in parentheses: "(lock-roster)",
// "(kick target=CELL on away's side)", "(choose-defense defense=block|dodge)".
var hintRe = regexp.MustCompile(`\s*\(([a-z]+(?:-[a-z]+)*)(?:[=\s][^()]*)?\)`)

// refRe matches a reference to the rulebook or to our decisions, with the
// punctuation that joins it to the sentence: " (l. 54)", "; l. 58, RB-D15",
// " (RB-D57)", " (l. 101–103)".
var refRe = regexp.MustCompile(`(?:\s*\((?:(?:l\. \d+(?:[–-]\d+)?|RB-[DF]\d+)(?:,\s*)?)+\))|(?:[;,]\s*(?:l\. \d+(?:[–-]\d+)?|RB-[DF]\d+))+`)

// plain splits text into the sentence a player reads and the command-line
// hint it carried (the command names inside its parentheses, for ccctl's
// try): "lock the roster (lock-roster)" is "lock the roster" and
// "lock-roster". Only parentheses that start with one of the match's
// hyphenated command names, or hold an argument, are hints; "(DL 8)",
// "(Out)" or "(pass out of bounds)" stay.
func plain(text string) (words, try string) {
	names := commandNames()
	var tries []string
	words = hintRe.ReplaceAllStringFunc(text, func(m string) string {
		sub := hintRe.FindStringSubmatch(m)
		// a hyphenated command name ("(lock-roster)") or an argument
		// ("(kick target=CELL)") makes a hint; a plain word that happens
		// to name a command stays English ("(pass out of bounds)")
		if !(names[sub[1]] && strings.Contains(sub[1], "-")) && !strings.Contains(m, "=") {
			return m
		}
		tries = append(tries, strings.TrimSpace(strings.Trim(strings.TrimSpace(m), "()")))
		return ""
	})
	words = refRe.ReplaceAllString(words, "")
	words = strings.TrimSpace(strings.ReplaceAll(words, " ,", ","))
	return words, strings.Join(tries, "; ")
}

// plainText is plain's sentence alone.
func plainText(text string) string {
	w, _ := plain(text)
	return w
}

var cmdNames map[string]bool

// commandNames are the match's command names, as a set.
func commandNames() map[string]bool {
	if cmdNames == nil {
		m := map[string]bool{}
		for _, c := range New().Commands() {
			m[c.Name] = true
		}
		cmdNames = m
	}
	return cmdNames
}

// tidyRefusal rewrites a refusal's message for a player (plain) and moves
// the hint it carried into the refusal's Try; other errors pass unchanged.
func tidyRefusal(err error) error {
	var r *console.Rejection
	if err == nil || !errors.As(err, &r) {
		return err
	}
	words, try := plain(argRe.ReplaceAllStringFunc(r.Msg, func(m string) string {
		return argWords(argRe.FindStringSubmatch(m)[1])
	}))
	if try == "" {
		try = r.Try
	}
	return &console.Rejection{Msg: words, Reason: r.Reason, Try: try}
}

// argRe finds an argument named in a refusal of the arguments' checks
// (console.ValidateArgs): `argument "mus"`.
var argRe = regexp.MustCompile(`argument "([a-z-]+)"`)

// argWords names an argument for a player: a stat by its code ("MUS"),
// the others in words.
func argWords(name string) string {
	for _, s := range StatNames {
		if s == name {
			return strings.ToUpper(s)
		}
	}
	switch name {
	case "player":
		return "the player"
	case "name":
		return "the name"
	case "rolls":
		return "the rolls"
	case "values":
		return "the dice"
	case "hex", "target", "path":
		return "the cell"
	case "to":
		return "the receiver"
	}
	return "the " + strings.ReplaceAll(name, "-", " ")
}

// statWords writes stats for a player: "MUS 13 · SKL 9 · …".
func statWords(s roster.Stats) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = fmt.Sprintf("%s %d", roster.Stat(i).Code(), v)
	}
	return strings.Join(parts, " · ")
}

// improvementWords writes an improvement: "+1 MUS and +1 SKL", "+1 MUS,
// WIT raised to 8".
func improvementWords(m roster.Improvement) string {
	if m.Raise {
		return fmt.Sprintf("+1 %s, %s raised to %d", m.A.Code(), m.B.Code(), roster.ImproveTo)
	}
	return fmt.Sprintf("+1 %s and +1 %s", m.A.Code(), m.B.Code())
}

// Words writes a player's wounds in the rulebook's terms: "Bleed 1, Pain 2,
// Stunned", or "no wounds".
func (s Statuses) Words() string {
	var out []string
	for _, c := range []struct {
		name string
		n    int
	}{{"Bleed", s.Bleed}, {"Pain", s.Pain}, {"Bruise", s.Bruise}, {"Slow", s.Slow}} {
		if c.n > 0 {
			out = append(out, fmt.Sprintf("%s %d", c.name, c.n))
		}
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"Stunned", s.Stun}, {"Weak", s.Weak}, {"Out", s.Out}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	if len(out) == 0 {
		return "no wounds"
	}
	return strings.Join(out, ", ")
}

// kindWords names an activation's kind for a player; "" for a normal turn.
func kindWords(kind string) string {
	switch kind {
	case KindFree:
		return "free activation"
	case KindKickoffFree:
		return "free activation after the kickoff"
	case KindBlitz:
		return "blitzing"
	case KindHeldFull:
		return "held action"
	case KindHeldHalf:
		return "held half action"
	}
	return ""
}

// testNames are the tests' names in words, by the step they settle.
var testNames = map[string]string{
	"pass-catch": "catch of the pass",
	"catch":      "catch",
	"recover":    "recovery of the ball",
	"pickup":     "picking up",
	"handoff":    "catch of the ball handed over",
	"kick":       "kick",
	"pass":       "pass",
	"goal":       "field goal",
}

// testWords names a test for a player.
func testName(then string) string {
	if w, ok := testNames[then]; ok {
		return w
	}
	return strings.ReplaceAll(then, "-", " ")
}

// purposeWords is a die's purpose for a player: the engine's purposes are
// already words but for a few step names ("shake-off H5").
func purposeWords(p string) string {
	if rest, ok := strings.CutPrefix(p, "shake-off "); ok {
		return "shaking it off, " + rest
	}
	return purposeFixes.Replace(p)
}

// statusWord is a treated status in the rulebook's terms: "Bruise".
func statusWord(st string) string {
	switch st {
	case "out":
		return "Out"
	case "stun":
		return "Stunned"
	}
	return strings.ToUpper(st[:min(1, len(st))]) + st[min(1, len(st)):]
}

// phaseWords names a phase for a player.
func phaseWords(phase string) string {
	switch phase {
	case PhaseRoster:
		return "the rosters"
	case PhaseStart:
		return "the match start"
	case PhaseSetup:
		return "the kickoff set-up"
	case PhaseKickoff:
		return "the kickoff"
	case PhasePlay:
		return "the rounds"
	case PhaseStoppage:
		return "a stoppage"
	case PhaseOver:
		return "its end"
	}
	return "another step"
}

// caughtWords say how a player came to hold the ball.
var caughtWords = map[string]string{"catch": "caught", "pass": "caught the pass", "interception": "intercepted",
	"pickup": "picked up", "recover": "recovered", "handoff": "handed to him"}

// windowWords says what a window asks, in words (its stored text names
// the commands): "H4 is about to act: blitz him, use a held action, or let
// him act".
func (p *prompt) windowWords() (words, try string) {
	var opts, cmds []string
	for _, c := range p.Also {
		switch c {
		case CmdBlitz:
			opts = append(opts, "blitz him")
		case CmdUseHeld:
			opts = append(opts, "use a held action first")
		}
		cmds = append(cmds, c)
	}
	opts = append(opts, "let him act")
	cmds = append(cmds, p.Cmd)
	last := opts[len(opts)-1]
	list := last
	if len(opts) > 1 {
		list = strings.Join(opts[:len(opts)-1], ", ") + " or " + last
	}
	return fmt.Sprintf("%s is about to act: %s", p.Flow.Cand.Player, list), strings.Join(cmds, "; ")
}

// purposeFixes put the step names a purpose carries into words.
var purposeFixes = strings.NewReplacer("(pickup)", "(picking up)", "(handoff from", "(handed over by", "roll-off again ", "roll off again, ", "roll-off ", "roll off, ")

// CorrectionIntro says what the correction form is for, in words.
const CorrectionIntro = "Make the app match the table: fill in only what differs. A player's place, stance, hit points or wounds; where the ball is; who touched it last; the score; the clock."

// CorrectionField is one field of the correction form in words: its
// label and what to write in it.
type CorrectionField struct {
	Label string
	Help  string
}

// CorrectionFields are the correction's arguments in words, by argument
// name, for a screen's form.
var CorrectionFields = map[string]CorrectionField{
	"player":     {"Player", "The player to correct, as on the field: H3, A7."},
	"hex":        {"His place", "A cell such as 12:16, or bench."},
	"stance":     {"Stance", "Standing or prone."},
	"hp":         {"Hit points", "His hit points now."},
	"statuses":   {"Wounds", "As his card writes them, such as Bleed 1, Bruise 2, Stunned; or none."},
	"ball":       {"Ball", "The cell it lies on, or the player holding it."},
	"ball-state": {"The ball on a cell is", "At rest or bouncing."},
	"last-touch": {"Last touched by", "The player who touched the ball last."},
	"score":      {"Score", "Home's, then away's: 3-0."},
	"clock":      {"Clock", "The half, then the round: 1:4."},
}

// passResultWords names a row of the pass table in words.
func passResultWords(r string) string {
	switch r {
	case "off-target":
		return "off target"
	case "off-target-scatter":
		return "off target and scatters"
	case "fumble":
		return "fumbled"
	}
	return strings.ReplaceAll(r, "-", " ")
}
