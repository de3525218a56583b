import { UnderConstructionScreen } from '../errors/under-construction-screen.js';

export function SettingsScreen() {
  return <UnderConstructionScreen />;
}
