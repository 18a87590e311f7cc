// The standalone dev host loads behind import() so the federation runtime negotiates shared modules first.
void import('./bootstrap.tsx');
