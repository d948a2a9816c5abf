package console

// Affordance says whether a seat may give one command now and, when it
// may, what the command may apply to: for each argument the values that are
// allowed now. Views carry a list of them so a screen greys a button and
// fills a picker from the view alone and never re-implements a rule.
//
// Like everything in a view, an affordance may depend only on what its seat
// may know: a target list never includes a hidden enemy, and a reason never
// tells a secret.
type Affordance struct {
	// Cmd is the command's name.
	Cmd string `json:"cmd" msgpack:"cmd"`
	// Allowed is true when the seat may give the command now (with some
	// choice of arguments).
	Allowed bool `json:"allowed" msgpack:"allowed"`
	// Reason says, in plain words, why the command is not allowed now;
	// empty when it is.
	Reason string `json:"reason,omitempty" msgpack:"reason,omitempty"`
	// Args lists, per argument name, the values allowed now. An argument
	// missing here takes any value its schema allows (a number, a roll).
	Args []ArgChoices `json:"args,omitempty" msgpack:"args,omitempty"`
}

// ArgChoices is the values one argument of a command may take now.
type ArgChoices struct {
	Arg     string   `json:"arg" msgpack:"arg"`
	Choices []Choice `json:"choices" msgpack:"choices"`
	// For names another argument when these choices hold only for one
	// value of it ("target" depends on "attacker"): then the list is
	// grouped by that value, Choice.When.
	For string `json:"for,omitempty" msgpack:"for,omitempty"`
}

// Choice is one allowed value of an argument.
type Choice struct {
	// Value is what the command takes (an id, a name, a number as text).
	Value string `json:"value" msgpack:"value"`
	// Label is what a screen shows ("Kara, 12 in away").
	Label string `json:"label,omitempty" msgpack:"label,omitempty"`
	// Note is extra detail (the to-hit number, the range band).
	Note string `json:"note,omitempty" msgpack:"note,omitempty"`
	// When is the value of ArgChoices.For this choice belongs to.
	When string `json:"when,omitempty" msgpack:"when,omitempty"`
	// Disabled, when set, says why this value is shown but not allowed.
	Disabled string `json:"disabled,omitempty" msgpack:"disabled,omitempty"`
}

// FindAffordance returns the affordance for cmd in list, if any.
func FindAffordance(list []Affordance, cmd string) (Affordance, bool) {
	for _, a := range list {
		if a.Cmd == cmd {
			return a, true
		}
	}
	return Affordance{}, false
}

// Probe returns a function that asks rules whether seat may give a command
// with the given arguments on s now, and answers "" when Decide accepts it
// or Decide's own refusal when it does not. It rolls on throwaway dice and
// throws the events away, so the state and the game's dice are untouched
// (Decide never modifies the state). Views use it to build their
// affordances, so they never offer what Decide refuses.
func Probe(rules Rules, s State, seat Seat) func(cmd string, args map[string]any) string {
	return func(cmd string, args map[string]any) string {
		if _, err := rules.Decide(s, seat, Command{Name: cmd, Args: args}, NewDice(1)); err != nil {
			return err.Error()
		}
		return ""
	}
}
