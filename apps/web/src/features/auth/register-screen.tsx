import { UnderConstructionScreen } from '../errors/under-construction-screen.js';

export function RegisterScreen() {
  return <UnderConstructionScreen />;
}
