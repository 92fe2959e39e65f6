// Placeholder replaced below in the hardening commit.
console.log('bench pending');
