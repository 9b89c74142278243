#pragma once
// The viewer's Dear ImGui panels: toggles, state machine, chooser trace, curve plots, foot IK.

#include "viewer_session.h"

namespace footwork::cli {

void DrawControlsPanel(ViewerControls& controls, const ViewerSession& session);
void DrawStatePanel(const ViewerSession& session);
void DrawChooserPanel(const ViewerSession& session);
void DrawCurvesPanel(const ViewerSession& session);
void DrawFootPanel(const ViewerSession& session, const ViewerControls& controls);

}  // namespace footwork::cli
