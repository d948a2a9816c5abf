package lorscreen

import (
	"errors"
	"regexp"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// commandRef is a command name in brackets, as the rules add it for typed
// commands ("roll its dice (roll) or cancel it (cancel-attack) first"); a
// player on this screen taps instead, so the screen leaves them out.
var commandRef = func() *regexp.Regexp {
	var names []string
	for _, c := range landsofruin.New().Commands() {
		names = append(names, regexp.QuoteMeta(c.Name))
	}
	return regexp.MustCompile(` ?\((?:` + strings.Join(names, "|") + `)\b[^)]*\)`)
}()

// plain is a rules message in the player's words: without the command
// names meant for typed commands.
func plain(msg string) string { return commandRef.ReplaceAllString(msg, "") }

// plainView is v with every reason and refusal its commands give made
// plain, for the parts to show; v itself is not changed.
func plainView(v landsofruin.View) landsofruin.View {
	cmds := make([]console.Affordance, len(v.Commands))
	for i, a := range v.Commands {
		a.Reason = plain(a.Reason)
		args := make([]console.ArgChoices, len(a.Args))
		for j, ac := range a.Args {
			cs := make([]console.Choice, len(ac.Choices))
			for k, c := range ac.Choices {
				c.Disabled = plain(c.Disabled)
				cs[k] = c
			}
			ac.Choices = cs
			args[j] = ac
		}
		a.Args = args
		cmds[i] = a
	}
	v.Commands = cmds
	v.Prompt = plain(v.Prompt)
	return v
}

// plainErr is err with a refusal's message made plain.
func plainErr(err error) error {
	var r *console.Rejection
	if errors.As(err, &r) {
		return &console.Rejection{Msg: plain(r.Msg), Reason: r.Reason}
	}
	return err
}
