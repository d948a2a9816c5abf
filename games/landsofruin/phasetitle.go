package landsofruin

// PhaseTitle names a phase for a screen's title: "Action phase", "Setup",
// "Pre-game", "Objectives", "Game over".
func PhaseTitle(phase string) string {
	switch phase {
	case PhaseCommand:
		return "Command phase"
	case PhaseAction:
		return "Action phase"
	case PhaseSync:
		return "Sync phase"
	case PhaseEnvironment:
		return "Environment phase"
	case PhaseSetup:
		return "Setup"
	case PhasePreGame:
		return "Pre-game"
	case PhaseObjectives:
		return "Objectives"
	case PhaseOver:
		return "Game over"
	}
	return phase
}
