import { UnderConstructionScreen } from '../errors/under-construction-screen.js';

export function PasswordResetScreen() {
  return <UnderConstructionScreen />;
}
