const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start({noLogin:true});
 await page.goto(BASE); await page.waitForTimeout(1500); await shot('01-initial');
 const inputs = page.locator('input');
 await inputs.nth(0).fill('demo'); await inputs.nth(1).fill('wrong');
 await page.getByRole('button',{name:/^login$/i}).click(); await page.waitForTimeout(800); await shot('02-login-fail');
 await inputs.nth(1).fill('demo-password');
 await page.getByRole('button',{name:/^login$/i}).click(); await page.waitForTimeout(1500); await shot('03-after-login');
 console.log(page.url());
 await done();
})();
