import { UnderConstructionScreen } from '../errors/under-construction-screen.js';

export function ProfileScreen() {
  return <UnderConstructionScreen />;
}
