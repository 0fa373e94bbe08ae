const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.waitForTimeout(1500);
 await shot('10-accounts-7');
 // info dialog for Evergreen
 const row = page.locator('tr',{hasText:'Evergreen'});
 const btns = row.locator('button');
 console.log('row buttons', await btns.count());
 for (let i=0;i<await btns.count();i++) console.log(i, await btns.nth(i).getAttribute('aria-label'), await btns.nth(i).getAttribute('title'), await btns.nth(i).innerText());
 await done();
})();
