const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 // favourite tickers
 const fav = page.getByPlaceholder('Ticker').last();
 await page.getByRole('button',{name:'Add'}).last().click(); await page.waitForTimeout(600); await shot('22-fav-empty');
 await fav.fill('aapl'); await page.getByRole('button',{name:'Add'}).last().click(); await page.waitForTimeout(800);
 await fav.fill('AAPL'); await page.getByRole('button',{name:'Add'}).last().click(); await page.waitForTimeout(800); await shot('23-fav-dup');
 await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(1000);
 const d = page.getByRole('dialog');
 await d.getByPlaceholder('Ticker').fill('aapl'); await d.getByRole('button',{name:'Add'}).click(); await page.waitForTimeout(800);
 await d.getByPlaceholder('Ticker').fill('spy'); await d.getByRole('button',{name:'Add'}).click(); await page.waitForTimeout(800);
 await shot('24-contracts-added');
 await d.getByText('AAPL',{exact:true}).first().click(); await page.waitForTimeout(800);
 await d.getByText('CALL',{exact:true}).click(); await page.waitForTimeout(2500);
 await shot('25-chain-loaded');
 console.log(await d.locator('select').first().evaluate(s=>[...s.options].map(o=>o.text).join(' | ')));
 await done();
})();
