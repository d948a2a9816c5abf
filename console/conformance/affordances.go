package conformance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// Affordance checks: a view's affordances (console.Affordance) must agree
// with Decide, so that a screen that greys buttons and fills pickers from
// the view alone never offers what the rules refuse nor hides what they
// allow.

// AffordanceCheck says how to read a system's affordances.
type AffordanceCheck struct {
	// Commands returns the affordances of a view (its Commands field).
	Commands func(v console.View) []console.Affordance
	// Match tells whether a value given in a script (for argument arg of
	// cmd) is the choice value choice, or its When; nil compares them as
	// text. Systems that accept short forms (an id without its prefix, any
	// letter case) say so here.
	Match func(cmd, arg, given, choice string) bool
	// Lists names the arguments that hold a comma-separated list of
	// values, each of which must be a choice ("targets").
	Lists []string
	// Fill gives values for the arguments of cmd that take any value (no
	// choices), for the acceptance check below: a distance, the dice
	// rolled. nil, or a missing argument, takes a value the schema allows.
	Fill func(v console.View, cmd string) map[string]any
	// Free names the commands left out of the acceptance check: those
	// whose acceptance rests on arguments with no choices that Fill
	// cannot make up (a whole army, a custom team).
	Free []string
}

func (c AffordanceCheck) match(cmd, arg, given, choice string) bool {
	if c.Match != nil {
		return c.Match(cmd, arg, given, choice)
	}
	return given == choice
}

// Affordances plays every script file that matches glob (see PlayFile)
// and, before each of its command lines, checks every seat's view and the
// public view:
//
//   - a seat's view has exactly one affordance per command of the
//     vocabulary, in its order; one not allowed says why, one allowed
//     does not;
//   - the public view has none, or allows nothing;
//   - the command the script plays, when the script expects it accepted,
//     is allowed for its seat, and each of its arguments that has choices
//     takes an offered, enabled value (for an argument that depends on
//     another, among the choices for that other argument's value);
//   - every command a seat's view does not allow is refused by Decide,
//     with the arguments filled from the affordance's first choices and
//     otherwise from the schema;
//   - every command a seat's view allows (except those in Free) is
//     accepted by Decide with some combination of its enabled choices
//     (each argument that depends on another among the choices for the
//     value picked for it), the other arguments from Fill and the schema.
//     A choice the view disables is refused with every combination of
//     the other arguments' enabled choices tried (up to a bound).
func Affordances(t *testing.T, rules console.Rules, glob string, check AffordanceCheck) {
	t.Helper()
	for _, path := range Files(t, glob) {
		path := path
		t.Run(scriptName(path), func(t *testing.T) { affordancesFile(t, rules, path, check) })
	}
}

func affordancesFile(t *testing.T, rules console.Rules, path string, check AffordanceCheck) {
	setup, lines := ReadFile(t, path)
	store := console.NewMemStore()
	s, err := console.Create(rules, setup, goldenOptions(store))
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	specs := rules.Commands()
	seats := s.Seats()
	played := 0
	for _, l := range lines {
		where := fmt.Sprintf("%s:%d", path, l.Number)
		if !l.Undo {
			checkLine(t, rules, s, specs, seats, l.Seat, l.Cmd, l.Args, l.Reject == "", check, where)
			played++
		}
		if _, _, err := l.Play(s); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	if played == 0 {
		t.Fatalf("%s: no command lines to check", path)
	}
}

func checkLine(t *testing.T, rules console.Rules, s *console.Session, specs []console.CommandSpec, seats []console.Seat,
	seat console.Seat, cmd string, args map[string]any, accepted bool, check AffordanceCheck, where string) {
	t.Helper()
	enc, err := s.EncodedState()
	if err != nil {
		t.Fatalf("%s: encode state: %v", where, err)
	}
	for _, viewer := range append([]console.Seat{console.Public}, seats...) {
		v, err := s.View(viewer)
		if err != nil {
			t.Fatalf("%s: view for %s: %v", where, viewer, err)
		}
		affs := check.Commands(v)
		if viewer == console.Public && len(affs) == 0 {
			continue
		}
		if len(affs) != len(specs) {
			t.Fatalf("%s: %s's view has %d affordances for %d commands", where, viewer, len(affs), len(specs))
		}
		for i, a := range affs {
			switch {
			case a.Cmd != specs[i].Name:
				t.Fatalf("%s: %s's affordance %d is %q, want %q (the vocabulary's order)", where, viewer, i, a.Cmd, specs[i].Name)
			case a.Allowed && a.Reason != "":
				t.Errorf("%s: %s may give %s but the view gives a reason: %q", where, viewer, a.Cmd, a.Reason)
			case !a.Allowed && a.Reason == "":
				t.Errorf("%s: %s may not give %s and the view says no reason", where, viewer, a.Cmd)
			case viewer == console.Public && a.Allowed:
				t.Errorf("%s: the public view allows %s", where, a.Cmd)
			}
			if viewer == console.Public {
				continue
			}
			if a.Allowed {
				if !contains(check.Free, a.Cmd) {
					accepts(t, rules, enc, specs[i], seats, viewer, a, check, v, where)
					disabledRefused(t, rules, enc, specs[i], seats, viewer, a, check, v, where)
				}
				continue
			}
			refused(t, rules, enc, specs[i], seats, viewer, a, where)
		}
		if viewer != seat || !accepted {
			continue
		}
		a, _ := console.FindAffordance(affs, cmd)
		if !a.Allowed {
			t.Errorf("%s: %s plays %s, accepted, but the view does not allow it: %s", where, seat, cmd, a.Reason)
			continue
		}
		offered(t, a, args, check, where)
	}
}

// offered checks each given argument that has choices is among them.
func offered(t *testing.T, a console.Affordance, args map[string]any, check AffordanceCheck, where string) {
	t.Helper()
	for _, ac := range a.Args {
		raw, ok := args[ac.Arg]
		if !ok {
			continue
		}
		var whenGiven string
		if ac.For != "" {
			f, ok := args[ac.For]
			if !ok {
				continue // the other argument is left to its default
			}
			whenGiven = fmt.Sprint(f)
		}
		values := []string{fmt.Sprint(raw)}
		for _, l := range check.Lists {
			if l == ac.Arg {
				values = strings.Split(values[0], ",")
			}
		}
		for _, given := range values {
			given = strings.TrimSpace(given)
			found := false
			for _, c := range ac.Choices {
				if ac.For != "" && !check.match(a.Cmd, ac.For, whenGiven, c.When) {
					continue
				}
				if check.match(a.Cmd, ac.Arg, given, c.Value) {
					if c.Disabled != "" {
						t.Errorf("%s: %s %s=%s was accepted but the view disables it: %s", where, a.Cmd, ac.Arg, given, c.Disabled)
					}
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s: %s %s=%s (for %s=%s) was accepted but the view does not offer it (choices %s)",
					where, a.Cmd, ac.Arg, given, ac.For, whenGiven, choiceValues(ac.Choices))
			}
		}
	}
}

func choiceValues(cs []console.Choice) string {
	var out []string
	for _, c := range cs {
		v := c.Value
		if c.When != "" {
			v = c.When + ":" + v
		}
		out = append(out, v)
	}
	return strings.Join(out, " ")
}

// refused checks Decide refuses a command the view does not allow, with
// arguments from the affordance's first choices and the schema.
func refused(t *testing.T, rules console.Rules, enc []byte, spec console.CommandSpec, seats []console.Seat, seat console.Seat, a console.Affordance, where string) {
	t.Helper()
	raw := validArgs(spec, seats)
	for _, ac := range a.Args {
		if len(ac.Choices) > 0 {
			raw[ac.Arg] = ac.Choices[0].Value
		}
	}
	args, err := console.ValidateArgs(spec.Args, raw, seats)
	if err != nil {
		// A view must never offer a value its command's schema refuses.
		t.Errorf("%s: %s's view offers %s arguments its schema refuses: %v", where, seat, spec.Name, err)
		return
	}
	st, err := rules.DecodeState(enc)
	if err != nil {
		t.Fatalf("%s: decode state: %v", where, err)
	}
	_, err = rules.Decide(st, seat, console.Command{Name: spec.Name, Args: args}, console.NewDice(1))
	if err == nil {
		t.Errorf("%s: %s's view does not allow %s (%s) but Decide accepts %v", where, seat, spec.Name, a.Reason, raw)
	} else if !console.IsRejection(err) {
		t.Errorf("%s: %s %s: %v; want a refusal", where, seat, spec.Name, err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// maxTries bounds the combinations of choices accepts asks Decide about.
const maxTries = 200

// accepts checks Decide accepts an allowed command with some combination
// of the enabled choices.
func accepts(t *testing.T, rules console.Rules, enc []byte, spec console.CommandSpec, seats []console.Seat, seat console.Seat,
	a console.Affordance, check AffordanceCheck, v console.View, where string) {
	t.Helper()
	if w := firstAccepted(t, rules, enc, spec, seats, seat, a, check, v, nil, where); !w.ok {
		t.Errorf("%s: %s's view allows %s but Decide accepts none of %d combination(s) of its choices; first: %s", where, seat, a.Cmd, w.tries, w.first)
	}
}

// disabledRefused checks Decide refuses each disabled choice of an allowed
// command with every combination of the other arguments' enabled choices
// (up to maxTries in all).
func disabledRefused(t *testing.T, rules console.Rules, enc []byte, spec console.CommandSpec, seats []console.Seat, seat console.Seat,
	a console.Affordance, check AffordanceCheck, v console.View, where string) {
	t.Helper()
	for _, ac := range a.Args {
		for _, c := range ac.Choices {
			if c.Disabled == "" {
				continue
			}
			fixed := map[string]string{ac.Arg: c.Value}
			if ac.For != "" {
				fixed[ac.For] = c.When
			}
			if w := firstAccepted(t, rules, enc, spec, seats, seat, a, check, v, fixed, where); w.ok {
				t.Errorf("%s: %s's view disables %s %s=%s (%s) but Decide accepts %v", where, seat, a.Cmd, ac.Arg, c.Value, c.Disabled, w.args)
			}
		}
	}
}

// walk is what firstAccepted found: whether Decide accepted a combination
// (args), how many it tried and the first refusal.
type walk struct {
	ok    bool
	args  map[string]any
	tries int
	first string
}

// firstAccepted walks the combinations of enabled choices of a's
// arguments (each after the one it depends on; an argument with no
// enabled choice is left out), with the arguments in fixed set to their
// values and the others from Fill and the schema, and stops at the first
// Decide accepts or after maxTries.
func firstAccepted(t *testing.T, rules console.Rules, enc []byte, spec console.CommandSpec, seats []console.Seat, seat console.Seat,
	a console.Affordance, check AffordanceCheck, v console.View, fixed map[string]string, where string) walk {
	t.Helper()
	base := validArgs(spec, seats)
	if check.Fill != nil {
		for k, x := range check.Fill(v, a.Cmd) {
			base[k] = x
		}
	}
	for k, x := range fixed {
		base[k] = x
	}
	var order []console.ArgChoices
	placed := map[string]bool{}
	for k := range fixed {
		placed[k] = true
	}
	for {
		n := len(order)
		for _, ac := range a.Args {
			if !placed[ac.Arg] && (ac.For == "" || placed[ac.For]) {
				order, placed[ac.Arg] = append(order, ac), true
			}
		}
		if len(order) == n {
			break
		}
	}
	if len(order)+len(fixed) < len(a.Args) {
		t.Errorf("%s: %s's affordance %s: an argument depends on one the affordance does not give (%v)", where, seat, a.Cmd, a.Args)
	}
	st, err := rules.DecodeState(enc)
	if err != nil {
		t.Fatalf("%s: decode state: %v", where, err)
	}
	var w walk
	var try func(k int, args map[string]any) bool
	try = func(k int, args map[string]any) bool {
		if w.tries >= maxTries {
			return false
		}
		if k == len(order) {
			w.tries++
			valid, err := console.ValidateArgs(spec.Args, args, seats)
			if err == nil {
				_, err = rules.Decide(st, seat, console.Command{Name: spec.Name, Args: valid}, console.NewDice(1))
			}
			if err != nil && w.first == "" {
				w.first = fmt.Sprintf("%v: %v", args, err)
			}
			if err == nil {
				w.args = args
			}
			return err == nil
		}
		ac := order[k]
		var cands []console.Choice
		for _, c := range ac.Choices {
			if c.Disabled == "" && (ac.For == "" || c.When == fmt.Sprint(args[ac.For])) {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 {
			next := copyArgs(args)
			delete(next, ac.Arg)
			return try(k+1, next)
		}
		for _, c := range cands {
			next := copyArgs(args)
			next[ac.Arg] = c.Value
			if try(k+1, next) {
				return true
			}
		}
		return false
	}
	w.ok = try(0, base)
	return w
}

func copyArgs(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
