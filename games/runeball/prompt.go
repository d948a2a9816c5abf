package runeball

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/data"
	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// Prompts (SPEC.md §2.6): at most one is open. A dice prompt lists the
// dice it wants, each with its purpose, and is answered by either seat
// with roll (values from the table, or none for the app's roll); a choice
// prompt is answered by the seat it names with its command. The prompt
// carries the step of the resolution its answer continues, so a match can
// be stopped at any prompt and resumed.

// Prompt kinds.
const (
	PromptDice   = "dice"
	PromptChoice = "choice"
)

// Answer commands.
const (
	CmdRoll       = "roll"
	CmdExert      = "exert"
	CmdLandChoice = "land-choice"
	CmdGiveBall   = "give-ball"
)

// die is one die a dice prompt asks for.
type die struct {
	Sides   int    `msgpack:"sides"`
	Purpose string `msgpack:"purpose"`
}

// prompt is what the match waits for.
type prompt struct {
	Kind    string   `msgpack:"kind"`
	Team    int      `msgpack:"team"` // choice: the team that answers
	Cmd     string   `msgpack:"cmd"`  // choice: the command expected
	Dice    []die    `msgpack:"dice"`
	Text    string   `msgpack:"text"`
	Options []string `msgpack:"options"`
	// Also are further commands that answer a choice (a window's blitz
	// and use-held beside let-act, RB-D23).
	Also []string `msgpack:"also"`
	// Blitz and Held: a window's eligible blitzers and holders.
	Blitz []string `msgpack:"blitz"`
	Held  []string `msgpack:"held"`
	// Step is what the answer continues; the flow's context rides along.
	Step string `msgpack:"step"`
	Flow flow   `msgpack:"flow"`
}

// flow is the context of the resolution under way.
type flow struct {
	Player string     `msgpack:"player"` // the kicker, catcher, recoverer …
	Target field.Cell `msgpack:"target"`
	Cell   field.Cell `msgpack:"cell"` // where the ball is or lands
	D12    int        `msgpack:"d12"`
	Skill  int        `msgpack:"skill"`
	Mods   int        `msgpack:"mods"`
	DL     int        `msgpack:"dl"`
	Exert  int        `msgpack:"exert"`
	Then   string     `msgpack:"then"` // the step after a test is settled
	// Cand is the candidate of a window (Flow W), not yet started.
	Cand activation `msgpack:"cand"`
	// A block's context (Flow B, KB, WD): the defender, his defence, the
	// counter-exertion, the margin, who takes the damage, whether he goes
	// down or was wounded, the player being pushed and from where, the
	// chain waiting to follow into freed cells.
	Other       string     `msgpack:"other"`
	Defense     string     `msgpack:"defense"`
	Counter     int        `msgpack:"counter"`
	Margin      int        `msgpack:"margin"`
	Victim      string     `msgpack:"victim"`
	Down        bool       `msgpack:"down"`
	Wound       bool       `msgpack:"wound"`
	OutOfBounds bool       `msgpack:"out_of_bounds"`
	Pushed      string     `msgpack:"pushed"`
	PushFrom    field.Cell `msgpack:"push_from"`
	Chain       []link     `msgpack:"chain"`
	Fumbler     int        `msgpack:"fumbler"` // the team that fumbled (X3), for the free activation
}

var (
	tablesOnce sync.Once
	tablesVal  data.Tables
	tablesErr  error
)

// tables are the rule tables of assets/runeball, loaded once.
func tables() (data.Tables, error) {
	tablesOnce.Do(func() { tablesVal, tablesErr = data.Load() })
	return tablesVal, tablesErr
}

// promptText says what a prompt waits for.
func (p *prompt) text() string {
	if p.Kind == PromptDice {
		parts := make([]string, len(p.Dice))
		for i, d := range p.Dice {
			parts[i] = fmt.Sprintf("d%d %s", d.Sides, d.Purpose)
		}
		return strings.Join(parts, ", ")
	}
	return p.Text
}

// words says what a prompt waits for in words, with the command-line hint
// its text carried (plain).
func (p *prompt) words() (words, try string) {
	if p.Kind == PromptDice {
		parts := make([]string, len(p.Dice))
		for i, d := range p.Dice {
			parts[i] = fmt.Sprintf("d%d %s", d.Sides, purposeWords(d.Purpose))
		}
		return strings.Join(parts, ", "), CmdRoll
	}
	if p.Step == "window-opp" || p.Step == "window-own" {
		return p.windowWords()
	}
	words, try = plain(p.Text)
	if try == "" {
		try = p.Cmd
	}
	return words, try
}

// ask opens a dice prompt.
func (x *decider) askDice(step string, f flow, dice ...die) {
	x.emit(EvPrompt, PromptSet{Prompt: &prompt{Kind: PromptDice, Team: -1, Dice: dice, Step: step, Flow: f}})
}

// askChoice opens a choice prompt for team.
func (x *decider) askChoice(team int, cmd, text, step string, f flow, options ...string) {
	x.emit(EvPrompt, PromptSet{Prompt: &prompt{Kind: PromptChoice, Team: team, Cmd: cmd, Text: text, Options: options, Step: step, Flow: f}})
}

// roll answers the open dice prompt (§2.6): the faces given, checked
// against each die, or the app's roll.
func (x *decider) roll(a console.Args) error {
	p := x.g.Prompt
	var faces []int
	by := "app"
	if v := strings.TrimSpace(a.String("values")); v != "" {
		for _, w := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(w))
			if err != nil {
				return console.RejectWith(console.ReasonBadInput, "%q is not a die result", strings.TrimSpace(w))
			}
			faces = append(faces, n)
		}
		if len(faces) != len(p.Dice) {
			return console.RejectWith(console.ReasonBadInput, "the prompt asks for %d dice (%s): %d given", len(p.Dice), p.text(), len(faces))
		}
		for i, f := range faces {
			if f < 1 || f > p.Dice[i].Sides {
				return console.RejectWith(console.ReasonBadInput, "%d is not a d%d result (1–%d)", f, p.Dice[i].Sides, p.Dice[i].Sides)
			}
		}
		by = string(x.who)
	} else {
		for _, d := range p.Dice {
			faces = append(faces, x.dice.Roll(d.Sides))
		}
	}
	step, f := p.Step, p.Flow
	x.emit(EvDiceRolled, DiceRolled{Dice: p.Dice, Faces: faces, By: by})
	x.emit(EvPrompt, PromptSet{})
	return x.continueDice(step, f, faces)
}

// Prompt events.
const (
	EvPrompt     = "prompt" // internal: the open prompt
	EvDiceRolled = "dice-rolled"
)

type (
	// PromptSet opens (or, nil, closes) the prompt.
	PromptSet struct {
		Prompt *prompt `msgpack:"prompt"`
	}
	// DiceRolled records the faces of a dice prompt and who rolled them.
	DiceRolled struct {
		Dice  []die  `msgpack:"dice"`
		Faces []int  `msgpack:"faces"`
		By    string `msgpack:"by"`
	}
)

// gatePrompt refuses a command beside the open prompt (§2.6): only the
// prompt's answers are taken, a choice from the team it names.
func (g *state) gatePrompt(name string, team int) error {
	p := g.Prompt
	if name == CmdWindows || name == CmdCorrect {
		return nil // a setting, taken at any time; a correction checks the prompt itself
	}
	isAnswer := name == CmdRoll || name == CmdExert || name == CmdLandChoice || name == CmdGiveBall || name == CmdFreeActivate ||
		name == CmdLetAct || name == CmdBlitz || name == CmdUseHeld || name == CmdIntercept || name == CmdSubIn || name == CmdChooseDefense || name == CmdCounter || name == CmdPush
	if p == nil {
		if name == CmdBlitz || name == CmdUseHeld || name == CmdLetAct {
			return console.RejectWith(console.ReasonWrongPhase, "no window is open")
		}
		if isAnswer {
			if name == CmdRoll {
				return console.RejectWith(console.ReasonWrongPhase, "no dice are asked for now")
			}
			return console.RejectTry(console.ReasonWrongPhase, name, "nothing is asked of you now")
		}
		return nil
	}
	switch {
	case p.Kind == PromptDice && name == CmdRoll:
		return nil
	case p.Kind == PromptChoice && p.answers(name) && team == p.Team:
		return nil
	case p.Kind == PromptChoice && p.answers(name):
		words, try := p.words()
		return console.RejectTry(console.ReasonNotYourTurn, try, "waiting for %s: %s", teamName(p.Team), words)
	}
	who := "either coach"
	if p.Kind == PromptChoice {
		who = teamName(p.Team)
	}
	words, try := p.words()
	return console.RejectTry(console.ReasonWrongPhase, try, "waiting for %s: %s", who, words)
}

// answers reports whether the command name answers the choice.
func (p *prompt) answers(name string) bool {
	if name == p.Cmd {
		return true
	}
	for _, c := range p.Also {
		if c == name {
			return true
		}
	}
	return false
}
