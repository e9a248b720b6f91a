#include "game/tuning_panel.hpp"

#include "game/core/tuning_fields.hpp"
#include "game/core/tuning_file.hpp"

#include <imgui.h>

#include <cstdio>
#include <variant>

namespace game {

TuningPanelState make_tuning_panel_state(const std::string& path) {
  TuningPanelState s;
  std::snprintf(s.path.data(), s.path.size(), "%s", path.c_str());
  return s;
}

namespace {

void file_row(anim::Tuning& tuning, TuningPanelState& state) {
  ImGui::InputText("file", state.path.data(), state.path.size());
  if (ImGui::Button("Save")) {
    std::string error;
    state.status = save_tuning_file(tuning, state.path.data(), error) ? std::string("saved ") + state.path.data() : error;
  }
  ImGui::SameLine();
  if (ImGui::Button("Load")) {
    TuningResult r = load_tuning_file(state.path.data());
    if (auto* t = std::get_if<anim::Tuning>(&r)) {
      tuning = *t;
      state.status = std::string("loaded ") + state.path.data();
    } else {
      state.status = std::get<TuningError>(r).message;
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Reset to defaults")) {
    tuning = anim::Tuning{};
    state.status = "defaults restored";
  }
  if (!state.status.empty()) ImGui::TextWrapped("%s", state.status.c_str());
}

void curve_table(anim::Tuning& tuning, const TuningCurve& c) {
  char label[128];
  std::snprintf(label, sizeof label, "%s (%s vs m/s)", std::string(c.name).c_str(), std::string(c.unit).c_str());
  if (!ImGui::TreeNode(label)) return;
  anim::SpeedCurve& curve = c.access(tuning);
  ImGui::TextDisabled("speeds are fixed here (edit them in the file)");
  for (int i = 0; i < anim::SpeedCurve::kPoints; ++i) {
    char row[64];
    std::snprintf(row, sizeof row, "at %.1f m/s##%d", curve.speed[i], i);
    ImGui::SliderScalar(row, ImGuiDataType_Double, &curve.value[i], &c.lo, &c.hi, "%.3f");
  }
  ImGui::TreePop();
}

}  // namespace

void tuning_panel(anim::Tuning& tuning, TuningPanelState& state, bool* open) {
  ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x - 500.0f, 10.0f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(490.0f, 620.0f), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Tuning (F3)", open)) {
    ImGui::End();
    return;
  }
  // Sliders take half the width; the other half is the label with its unit.
  ImGui::PushItemWidth(ImGui::GetWindowWidth() * 0.45f);
  file_row(tuning, state);
  ImGui::Separator();
  for (std::string_view section : tuning_sections()) {
    const std::string title(section);
    if (!ImGui::CollapsingHeader(title.c_str(), section == "gait" || section == "body" ? ImGuiTreeNodeFlags_DefaultOpen : 0))
      continue;
    ImGui::PushID(title.c_str());
    for (const TuningField& f : tuning_fields()) {
      if (f.section != section) continue;
      char label[128];
      std::snprintf(label, sizeof label, "%s (%s)", std::string(f.name).c_str(), std::string(f.unit).c_str());
      ImGui::SliderScalar(label, ImGuiDataType_Double, &f.access(tuning), &f.lo, &f.hi, "%.4g");
    }
    for (const TuningCurve& c : tuning_curves())
      if (c.section == section) curve_table(tuning, c);
    ImGui::PopID();
  }
  ImGui::PopItemWidth();
  ImGui::End();
}

}  // namespace game
