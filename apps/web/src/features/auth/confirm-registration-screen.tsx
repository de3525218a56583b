import { UnderConstructionScreen } from '../errors/under-construction-screen.js';

export function ConfirmRegistrationScreen() {
  return <UnderConstructionScreen />;
}
